import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Board, type BoardArrow } from '../../../components/board';
import { Modal } from '../../../components/modal';
import { StatusBox } from '../../../components/status-box';
import { useCoverageLatest } from '../api/coverage-latest';
import { useStudies } from '../../../lib/studies';
import { checkOpening, type GameComparison } from '../api/opening-checks';
import { canMakeCard, cardFromComparison, type OpeningCardPosition } from '../lib/card-from-comparison';
import { comparisonLine } from '../lib/comparison-line';
import { NO_STUDY_SELECTED, sorryText } from '../lib/messages';
import { openingFromStudy } from '../lib/opening-from-study';
import { useStatus } from '../lib/use-status';
import { CurrentOpenings } from './current-openings';
import { SetOpeningForm } from './set-opening-form';
import { StudyNext } from './study-next';
import '../openings.css';

export type OpeningPanelGame = {
  /** Identifies the game across refetches (e.g. the review id); the PGN when left out. */
  id?: string | number;
  pgn: string;
  /** The player's colour in the game. */
  heroColor: 'White' | 'Black' | 'white' | 'black';
  /** e.g. 'alice vs. bob'; shown in the comparison. */
  name?: string;
};

export type OpeningPanelProps = {
  /** The game on the review screen; undefined when none is selected. */
  game: OpeningPanelGame | undefined;
  /** Opens the card editor at the position where the game left the repertoire. */
  onMakeCard: (position: OpeningCardPosition) => void;
  /** The Repertoire screen at a line (movetext from the start), with the suggested answer ready to add. */
  workshopHref?: (color: 'white' | 'black', line: string) => string;
};

type ComparisonResult = { text: string; comparison?: GameComparison };

const square = (uci: string) => ({ startSquare: uci.slice(0, 2), endSquare: uci.slice(2, 4) });

/**
 * The game review screen's opening part: 'Change/Refresh Opening', 'Compare Game to Opening', the
 * two current openings and the results area, with a one-click card from the comparison.
 */
export function OpeningPanel({ game, onMakeCard, workshopHref }: OpeningPanelProps) {
  const studies = useStudies();
  const [changing, setChanging] = useState(false);
  const queryClient = useQueryClient();
  const { status, begin } = useStatus();
  const color = game?.heroColor.toLowerCase() === 'black' ? 'black' : 'white';
  // The latest coverage check of this colour (Manage Openings runs it): its likeliest holes.
  const coverageRun = useCoverageLatest(color, false).data;

  const gameKey = game ? String(game.id ?? game.pgn) : '';
  // Kept in the query cache per game, so the result outlives a remount of the review screen.
  const resultKey = ['opening-comparison', gameKey] as const;
  const stored = useQuery<ComparisonResult | null>({
    queryKey: resultKey,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  const setResult = (value: ComparisonResult | undefined) => queryClient.setQueryData(resultKey, value ?? null);
  const result = stored.data ?? undefined;
  const compare = async () => {
    if (!game) return;
    const study = studies.data?.[color];
    if (!study) {
      setResult({ text: NO_STUDY_SELECTED });
      return;
    }
    setResult(undefined);
    const run = begin();
    try {
      const answer = await checkOpening(openingFromStudy(study), game.pgn, game.name);
      if (!run.isCurrent()) return;
      setResult({ text: answer.results, comparison: answer.comparison });
    } catch (error) {
      setResult({ text: sorryText(error) });
    }
    run.done();
  };

  const shown = game ? result : undefined;
  const comparison = shown?.comparison;
  const arrows: BoardArrow[] = comparison
    ? [
        ...comparison.repertoireMoves.map((m) => ({ ...square(m.uci), color: 'rgba(60, 170, 60, 0.85)' })),
        ...(comparison.played && !comparison.repertoireMoves.some((m) => m.uci === comparison.played!.uci)
          ? [{ ...square(comparison.played.uci), color: 'rgba(210, 60, 60, 0.85)' }]
          : []),
      ]
    : [];
  const card = comparison && canMakeCard(comparison) ? cardFromComparison(comparison, color) : undefined;

  return (
    <section className="card op-section op-panel" aria-labelledby="op-panel-title">
      <h2 id="op-panel-title">Opening</h2>
      <div className="op-row op-buttons">
        <button type="button" className="button" onClick={() => setChanging(true)}>
          Change/Refresh Opening
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void compare()}
          disabled={!game || status.busy}
        >
          Compare Game to Opening
        </button>
      </div>
      <CurrentOpenings />
      <StatusBox text={status.text} busy={status.busy} label="Opening comparison status" />
      <div className="op-results" aria-label="Opening comparison results" aria-live="polite">
        {shown && <pre className="op-pre">{shown.text}</pre>}
        {comparison && comparison.outcome !== 'no_moves' && comparison.outcome !== 'not_in_repertoire' && (
          <div className="op-compare">
            <div className="op-mini-board">
              <Board
                id="opening-compare-board"
                fen={comparison.fen}
                orientation={color}
                arrows={arrows}
                label="Where the game left the repertoire"
              />
            </div>
            <div className="op-compare-side">
              <p className="op-legend">
                <span className="op-key op-key-covered" /> repertoire move
                {comparison.played && (
                  <>
                    {' '}
                    · <span className="op-key op-key-uncovered" /> game move
                  </>
                )}
              </p>
              {card && (
                <button type="button" className="button button-primary" onClick={() => onMakeCard(card)}>
                  Make Card from Comparison
                </button>
              )}
              {workshopHref && (
                <Link className="button" to={workshopHref(color, comparisonLine(comparison))}>
                  Open in Repertoire
                </Link>
              )}
            </div>
          </div>
        )}
      </div>
      {coverageRun && coverageRun.holes.length > 0 && (
        <details className="op-panel-study-next">
          <summary>
            Study next: the likeliest holes from your latest {color === 'white' ? 'White' : 'Black'} coverage check
          </summary>
          <StudyNext
            run={coverageRun}
            openingName={studies.data?.[color]?.title}
            onMakeCard={onMakeCard}
            workshopHref={workshopHref}
          />
        </details>
      )}
      <Modal open={changing} onClose={() => setChanging(false)} title="Change/Refresh Opening">
        <CurrentOpenings />
        <SetOpeningForm />
      </Modal>
    </section>
  );
}
