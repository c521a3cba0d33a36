// The repertoire report over 500 games against a generated 20,000-position white repertoire: games that
// follow the repertoire for 2 to 30 half-moves, then go their own way. Figure: the median wall time of
// repertoireReport (PGN reading, comparison, grouping) over several runs.
import { Chess, normalizeMove } from 'chessops/chess';
import { INITIAL_FEN } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import type { Move } from 'chessops/types';
import { positionKey } from '../src/chess/fen';
import { buildRepertoireFromPgn, type Repertoire, type RepertoireMove } from '../src/chess/repertoire';
import { repertoireReport, type ReportGame } from '../src/chess/repertoire-report';

const TARGET_POSITIONS = 20_000;
const GAMES = 500;
const RUNS = 7;

/** Deterministic pseudo-random choices, so every run measures the same data. */
function chooser(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

function legalMoves(pos: Chess): Move[] {
  const moves: Move[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests)
      moves.push(pawn && (to >> 3 === 0 || to >> 3 === 7) ? { from, to, promotion: 'queen' } : { from, to });
  }
  return moves.sort((a, b) => ('from' in a && 'from' in b ? a.from - b.from || a.to - b.to : 0));
}

const movetext = (sans: string[]) => sans.map((san, ply) => (ply % 2 === 0 ? `${ply / 2 + 1}. ${san}` : san)).join(' ');

/** Chapters of 24 plies: one White move per position, Black's replies fan out. */
function generateRepertoire(): { rep: Repertoire; seconds: number } {
  const pick = chooser(11);
  const whiteChoice = new Map<string, number>();
  const chapters: string[] = [];
  for (let batch = 400; ; batch = Math.ceil(batch * 1.5)) {
    while (chapters.length < batch) {
      const pos = Chess.default();
      const sans: string[] = [];
      for (let ply = 0; ply < 24; ply++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        let index: number;
        if (pos.turn === 'white') {
          const key = sans.join(' ');
          if (!whiteChoice.has(key)) whiteChoice.set(key, pick(Math.min(moves.length, 5)));
          index = whiteChoice.get(key)!;
        } else index = pick(Math.min(moves.length, 4));
        sans.push(makeSan(pos, moves[index]));
        pos.play(moves[index]);
      }
      chapters.push(`[Event "Bench: Chapter ${chapters.length + 1}"]\n\n${movetext(sans)} *`);
    }
    const started = performance.now();
    const rep = buildRepertoireFromPgn(chapters.join('\n\n\n'), { color: 'white' }).unwrap();
    if (rep.positions.size >= TARGET_POSITIONS) return { rep, seconds: (performance.now() - started) / 1000 };
  }
}

/** Games that walk the repertoire for a while, then leave it (either side), and play on to about 60 plies. */
function generateGames(rep: Repertoire): ReportGame<{ id: number }>[] {
  const pick = chooser(23);
  const games: ReportGame<{ id: number }>[] = [];
  for (let id = 0; id < GAMES; id++) {
    const pos = Chess.default();
    const sans: string[] = [];
    const inBook = 2 + pick(29);
    let key: string | undefined = positionKey(INITIAL_FEN);
    for (let ply = 0; ply < 60; ply++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      const book: RepertoireMove[] = key !== undefined && ply < inBook ? (rep.positions.get(key)?.moves ?? []) : [];
      const next: RepertoireMove | undefined = book.length > 0 ? book[pick(book.length)] : undefined;
      const parsed = next && parseUci(next.uci);
      const normal = parsed && normalizeMove(pos, parsed);
      const move = normal && pos.isLegal(normal) ? normal : undefined;
      const chosen = move ?? moves[pick(moves.length)];
      key = next && move ? next.to : undefined;
      sans.push(makeSan(pos, chosen));
      pos.play(chosen);
    }
    const result = [1, 0.5, 0][pick(3)];
    games.push({
      pgn: `[White "me"]\n[Black "them${id}"]\n\n${movetext(sans)} *`,
      color: 'white',
      result,
      ref: { id },
    });
  }
  return games;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { rep, seconds } = generateRepertoire();
const games = generateGames(rep);
const times: number[] = [];
let report = repertoireReport(games, { white: rep });
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  report = repertoireReport(games, { white: rep });
  times.push(performance.now() - started);
}
console.log(`repertoire_report_positions: ${rep.positions.size} positions`);
console.log(`repertoire_report_build_repertoire: ${(seconds * 1000).toFixed(0)} ms`);
console.log(`repertoire_report_500_games: ${median(times).toFixed(1)} ms`);
console.log(
  `repertoire_report_rows: ${report.left_by_you.length + report.left_by_opponent.length} rows (${report.compared} compared, ${report.stayed_in_book} stayed in book, left at move ${report.average_move_left?.toFixed(1)} on average)`,
);
