import type { ReactNode } from 'react';
import type { ReviewMistake } from '@contract/engine';
import { moveText, type LineMove } from '../game-line';

export type MistakeCardPosition = {
  /** Full FEN before the move. */
  promptFen: string;
  /** Full FEN after the better move. */
  answerFen: string;
  /** PGN of the game up to the position before the move. */
  promptPgn: string;
  /** The better move as SAN. */
  better: string;
  orientation: 'white' | 'black';
};

export type EngineMistakesProps = {
  mistakes: readonly ReviewMistake[];
  moves: readonly LineMove[];
  onGoTo: (ply: number) => void;
  /** The practice buttons of a row ("Make card", "Add to drill"), brought by the app. */
  renderActions?: (mistake: ReviewMistake, move: LineMove | undefined) => ReactNode;
};

const KIND_LABEL = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' } as const;

/** The player's inaccuracies, mistakes and blunders the engine found, in game order. */
export function EngineMistakes({ mistakes, moves, onGoTo, renderActions }: EngineMistakesProps) {
  const found = mistakes.filter((m) => m.kind !== null).sort((a, b) => (a.ply ?? 0) - (b.ply ?? 0));
  const count = (kind: keyof typeof KIND_LABEL, plural: string) => {
    const n = found.filter((m) => m.kind === kind).length;
    return `${n} ${n === 1 ? kind : plural}`;
  };
  return (
    <section className="gr-engine-mistakes" aria-labelledby="gr-engine-mistakes-title">
      <h3 id="gr-engine-mistakes-title">Your inaccuracies, mistakes and blunders</h3>
      <p className="muted">
        {found.length === 0
          ? 'The engine found none.'
          : `${count('inaccuracy', 'inaccuracies')}, ${count('mistake', 'mistakes')}, ${count('blunder', 'blunders')}.`}
      </p>
      {found.length > 0 && (
        <ul className="gr-engine-mistake-list" aria-label="Engine mistakes">
          {found.map((mistake) => {
            const move = mistake.ply ? moves[mistake.ply - 1] : undefined;
            const label = move ? moveText(move) : (mistake.move ?? 'a move');
            return (
              <li key={mistake.id} className={`gr-engine-mistake is-${mistake.kind}`} data-ply={mistake.ply}>
                <button type="button" className="gr-mistake-link" onClick={() => move && onGoTo(move.ply)}>
                  <span className="gr-kind">{KIND_LABEL[mistake.kind!]}</span> {label}
                  {mistake.better_move && <span className="muted"> (better {mistake.better_move})</span>}
                </button>
                <span className="gr-engine-mistake-actions">{renderActions?.(mistake, move)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
