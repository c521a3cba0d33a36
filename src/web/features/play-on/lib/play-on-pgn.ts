// The PGN of a game played on from a line: the line's moves, then the moves played on, with the
// players, the date and the result, so game review reads it like any other game.
//
//   makePlayOnPgn({ startFen: INITIAL_FEN, line: ['e4', 'e5'], played: ['Nf3'], hero: 'white', ... })
//   // '[Event "Play on"] ... 1. e4 e5 { Played on from here } 2. Nf3 *'
import type { Color } from '@contract/common';
import { INITIAL_FEN } from 'chessops/fen';
import { ChildNode, defaultGame, type Node, type PgnNodeData } from 'chessops/pgn';
import { makePgnText } from '../../../../chess/pgn-write';
import { resultOf, type GameEnd } from './play-on-game';

export const PLAY_ON_EVENT = 'Play on';
/** Where the line ends and playing on begins (a comment on the line's last move). */
export const PLAY_ON_COMMENT = 'Played on from here';

export type PlayOnRecord = {
  /** Where the line starts (the standard start unless a chapter sets up its own). */
  startFen: string;
  /** SAN of the line's moves, then of the moves played on. */
  line: readonly string[];
  played: readonly string[];
  hero: Color;
  heroName: string;
  opponentName: string;
  /** undefined: stopped before the end. */
  end: GameEnd | undefined;
  playedAt: Date;
};

const pgnDate = (date: Date) =>
  `${date.getUTCFullYear()}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${String(date.getUTCDate()).padStart(2, '0')}`;
const pgnTime = (date: Date) => date.toISOString().slice(11, 19);

/** The game as PGN text. */
export function makePlayOnPgn(record: PlayOnRecord): string {
  const result = resultOf(record.end);
  const headers = new Map<string, string>([
    ['Event', PLAY_ON_EVENT],
    ['Site', '?'],
    ['Date', pgnDate(record.playedAt)],
    ['UTCDate', pgnDate(record.playedAt)],
    ['UTCTime', pgnTime(record.playedAt)],
    ['White', record.hero === 'white' ? record.heroName : record.opponentName],
    ['Black', record.hero === 'black' ? record.heroName : record.opponentName],
    ['Result', result],
  ]);
  headers.set('Termination', record.end ? 'Normal' : 'Unterminated');
  if (record.startFen !== INITIAL_FEN) {
    headers.set('FEN', record.startFen);
    headers.set('SetUp', '1');
  }
  const game = defaultGame<PgnNodeData>(() => headers);
  let node: Node<PgnNodeData> = game.moves;
  const append = (data: PgnNodeData) => {
    const child = new ChildNode(data);
    node.children.push(child);
    node = child;
  };
  record.line.forEach((san, i) =>
    append(i === record.line.length - 1 && record.played.length > 0 ? { san, comments: [PLAY_ON_COMMENT] } : { san }),
  );
  record.played.forEach((san) => append({ san }));
  return makePgnText(game);
}

/** The player's result in game review's terms: 1 won, 0.5 drawn, 0 lost, null unfinished. */
export function heroResult(end: GameEnd | undefined, hero: Color): number | null {
  if (!end) return null;
  return end.winner === undefined ? 0.5 : end.winner === hero ? 1 : 0;
}
