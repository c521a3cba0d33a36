import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Hole } from '../../../../chess/coverage-walk';
import type { Repertoire } from '../../../../chess/repertoire';
import { Board } from '../../../components/board';
import type { CoverageRun } from '../api/coverage-latest';
import type { AnswerPosition } from './coverage-live';
import type { Color } from '../api/types';
import type { OpeningCardPosition } from '../lib/card-from-comparison';
import { aboutOneIn, cardFromHole, fenAfterHole, isRepertoirePosition } from '../lib/hole-card';
import './coverage-goal.css';
import type { OpeningNameAnswer } from '@contract/common';
import { useOpeningNames } from '../../../lib/opening-names';
import '../coverage.css';

export type StudyNextProps = {
  run: CoverageRun;
  repertoire?: Repertoire;
  openingName?: string;
  onMakeCard?: (card: OpeningCardPosition) => void;
  /** The app's "Add to drill" button, shown when the position after the hole is in the repertoire. */
  renderAddToDrill?: (color: Color, fen: string) => ReactNode;
  /** The Repertoire screen at a line, with the suggested answer ready to add. */
  workshopHref?: (color: Color, line: string) => string;
  /** The suggested answer to a hole, brought by the app. */
  renderSuggestedAnswer?: (position: AnswerPosition) => ReactNode;
};

/**
 * "Study next": the likeliest holes first, filling in while the check runs. The leading `settled`
 * holes are final (nothing still to look up can reach as far); the rest may still move down until the
 * check ends, when all are final. Holes that almost never come up are left out. A hole answered since
 * the check (the server marks it) stays in its place, marked answered, with nothing left to add.
 */
export function StudyNext({
  run,
  repertoire,
  openingName,
  onMakeCard,
  renderAddToDrill,
  workshopHref,
  renderSuggestedAnswer,
}: StudyNextProps) {
  const [selected, setSelected] = useState<number>();
  // A hole that almost never comes up (reach 0) is nothing to study.
  const holes = run.holes.filter((hole) => hole.reach > 0).slice(0, 20);
  const running = run.status === 'running';
  // When the check is over nothing is left to look up: every hole is final.
  const settled = running ? Math.min(run.settled, holes.length) : holes.length;
  const shown = selected !== undefined ? holes[selected] : undefined;
  // Live events carry no goal: the last one known marks them.
  const neededOf = (hole: Hole) => hole.needed ?? (run.goal === undefined ? undefined : hole.reach >= run.goal);
  const openings = useOpeningNames(holes.map(holeLine));
  const answered = holes.filter((hole) => hole.answered).length;
  return (
    <section className="op-study-next" aria-labelledby="study-next-title" aria-live="polite">
      <h3 id="study-next-title">Study next</h3>
      <p className="op-meta" data-testid="study-next-summary">
        {holes.length === 0
          ? running
            ? 'Looking for the likeliest holes…'
            : 'No holes found: your opening answers every move the explorer lists.'
          : `${settled} of ${holes.length} final${running ? `, the rest provisional until the check goes deeper (${run.done} of ${run.total} positions looked up)` : ''}.${answered > 0 ? ` ${answered} answered since the check, ${holes.length - answered} still open.` : ''}`}
      </p>
      {shown && (
        <div className="op-mini-board op-study-next-board">
          <Board
            id="study-next-board"
            fen={shown.fen}
            orientation={run.color}
            arrows={[
              {
                startSquare: shown.uci.slice(0, 2),
                endSquare: shown.uci.slice(2, 4),
                color: 'rgba(210, 60, 60, 0.85)',
              },
            ]}
            label={`The opponent's ${shown.san} after ${shown.line}`}
          />
        </div>
      )}
      <ol className="op-holes">
        {holes.map((hole, i) => (
          <HoleRow
            key={`${hole.fen}|${hole.uci}`}
            hole={hole}
            opening={openings.get(holeLine(hole)) ?? null}
            rank={i + 1}
            final={i < settled}
            needed={neededOf(hole)}
            selected={i === selected}
            onSelect={() => setSelected(i === selected ? undefined : i)}
            color={run.color}
            repertoire={repertoire}
            openingName={openingName}
            onMakeCard={onMakeCard}
            renderAddToDrill={renderAddToDrill}
            workshopHref={workshopHref}
            renderSuggestedAnswer={
              renderSuggestedAnswer &&
              ((position) => renderSuggestedAnswer({ ...position, speeds: run.speeds, ratings: run.ratings }))
            }
          />
        ))}
      </ol>
    </section>
  );
}

type HoleRowProps = Omit<StudyNextProps, 'run' | 'renderSuggestedAnswer'> & {
  renderSuggestedAnswer?: (position: Omit<AnswerPosition, 'speeds' | 'ratings'>) => ReactNode;
  hole: Hole;
  rank: number;
  final: boolean;
  /** At or above the coverage goal; undefined while the goal is not known. */
  needed: boolean | undefined;
  selected: boolean;
  onSelect: () => void;
  color: Color;
  opening: OpeningNameAnswer;
};

/** Movetext to the hole's position: its line and the opponent's move. */
const holeLine = (hole: Hole): string => `${hole.line} ${hole.san}`;

function HoleRow({
  hole,
  opening,
  rank,
  final,
  needed,
  selected,
  onSelect,
  color,
  repertoire,
  openingName,
  onMakeCard,
  renderAddToDrill,
  workshopHref,
  renderSuggestedAnswer,
}: HoleRowProps) {
  const after = fenAfterHole(hole);
  const card = onMakeCard && cardFromHole(hole, color, openingName);
  const percent = Math.round(hole.share * 100);
  const answered = hole.answered === true;
  return (
    <li
      className={`op-hole${selected ? ' is-selected' : ''}${answered ? ' is-answered' : ''}`}
      data-testid="study-next-hole"
      data-answered={answered}
    >
      <button type="button" className="op-hole-main" aria-pressed={selected} onClick={onSelect}>
        <span className="op-hole-rank">{rank}.</span>
        <span className="op-hole-line">{hole.line}</span>
        {opening && (
          <span className="op-hole-opening muted" data-testid="hole-opening">
            {opening.eco} {opening.name}
          </span>
        )}
        <span className="op-hole-facts">
          The opponent plays <strong>{hole.san}</strong> in {percent}% of games here; {aboutOneIn(hole.reach)}
        </span>
        <span className="op-hole-marks">
          {answered && (
            <span className="op-hole-answered" data-testid="hole-answered">
              answered
            </span>
          )}
          {!answered && needed !== undefined && (
            <span className={`op-hole-need ${needed ? 'is-needed' : 'is-optional'}`} data-testid="hole-need">
              {needed ? 'needed' : 'optional'}
            </span>
          )}
          <span className={`op-hole-mark ${final ? 'is-final' : 'is-provisional'}`}>
            {final ? 'final' : 'provisional'}
          </span>
        </span>
      </button>
      <span className="op-hole-track" aria-hidden="true">
        <span className="op-hole-fill" style={{ width: `${Math.max(percent, 1)}%` }} />
      </span>
      <span className="op-hole-actions">
        {workshopHref && (
          <Link className={`button${answered ? '' : ' button-primary'}`} to={workshopHref(color, hole.line)}>
            {answered ? 'Open in Repertoire' : 'Answer in Repertoire'}
          </Link>
        )}
        {card && (
          <button type="button" className="button" onClick={() => onMakeCard!(card)}>
            Make card
          </button>
        )}
        {renderAddToDrill && after && isRepertoirePosition(repertoire, after) && renderAddToDrill(color, after)}
      </span>
      {!answered && renderSuggestedAnswer && after && renderSuggestedAnswer({ color, fen: after, line: hole.line })}
    </li>
  );
}
