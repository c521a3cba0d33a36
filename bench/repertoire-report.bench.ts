// The repertoire report over 500 games against a generated 20,000-position white repertoire: games that
// follow the repertoire for 2 to 30 half-moves, then go their own way. Figure: the median wall time of
// repertoireReport (PGN reading, comparison, grouping) over several runs.
import { Chess } from 'chessops/chess';
import { makeSan } from 'chessops/san';
import { buildRepertoireFromPgn, type Repertoire } from '../src/chess/repertoire';
import { repertoireReport, type ReportGame } from '../src/chess/repertoire-report';
import { median } from './measure';
import { chooser, gameThroughRepertoire, legalMoves, movetext } from './seeded-moves';

const TARGET_POSITIONS = 20_000;
const GAMES = 500;
const RUNS = 7;

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
    const sans = gameThroughRepertoire(rep, pick, 60);
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
  `repertoire_report_rows: ${report.leftByYou.length + report.leftByOpponent.length} rows (${report.compared} compared, ${report.stayedInBook} stayed in book, left at move ${report.averageMoveLeft?.toFixed(1)} on average)`,
);
