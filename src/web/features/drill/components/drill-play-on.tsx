import { makeLinePgn } from '../../../../chess/pgn-write';
import { START_FEN } from '../../../components/board';
import type { DrillColor, DrillItem } from '../api/types';
import { movesOfLine } from '../line-moves';

/** Where playing on begins: after `line` (SAN) from `startFen`, the player with `color`. */
export type PlayOnPosition = { color: DrillColor; startFen: string; line: string[] };

/** 'line-end': nothing is left to ask down the line; 'answer': the position after a right answer. */
export type PlayOnOffer = PlayOnPosition & { kind: 'line-end' | 'answer'; fen: string };

/** The offer after `san` answered `item` right; a chapter set up from its own position starts there. */
export function offerAfter(color: DrillColor, item: DrillItem, san: string, fen: string): PlayOnOffer {
  const moves = movesOfLine(START_FEN, item.line);
  const squares = (f: string) => f.split(' ').slice(0, 4).join(' ');
  const reaches = moves !== undefined && squares(moves[moves.length - 1]?.fen ?? START_FEN) === squares(item.fen);
  return reaches
    ? { color, startFen: START_FEN, line: [...moves.map((m) => m.san), san], kind: 'answer', fen }
    : { color, startFen: item.fen, line: [san], kind: 'answer', fen };
}

/** The offer to play on from the end of the last line, or from the last answer. */
export function PlayOnOfferBox({ offer, onPlay }: { offer: PlayOnOffer; onPlay: () => void }) {
  const text = makeLinePgn(offer.startFen, offer.line);
  return (
    <div className="drill-play-on" data-testid="drill-play-on">
      <p>
        {offer.kind === 'line-end' ? 'End of the line' : 'Your last answer'}: <strong>{text}</strong>
      </p>
      <button type="button" className="button" onClick={onPlay}>
        Play on
      </button>
      <span className="muted"> against the explorer's moves, then Stockfish</span>
    </div>
  );
}
