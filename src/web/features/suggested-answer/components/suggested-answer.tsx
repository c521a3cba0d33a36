import { checkSuggestion, isRefuted, suggestAnswer } from '../../../../chess/engine-suggestion';
import type { Color } from '@contract/common';
import { errorText } from '../../../lib/api-client';
import { evalText } from '../../../lib/engine/eval-text';
import { engineWarningText } from '../lib/engine-warning';
import { useAddToRepertoire } from '../api/add-to-repertoire';
import { useCandidates, type BandFilter } from '../api/get-candidates';
import { useCloudEval } from '../api/get-cloud-eval';
import { MAX_CANDIDATES, useCandidateEvals } from '../lib/use-candidate-evals';
import { lineWithReply } from '../../../lib/line-with-reply';
import '../suggested-answer.css';

export type SuggestedAnswerProps = {
  /** The player's colour; the player is to move at `fen`. */
  color: Color;
  /** Full FEN of the position to answer. */
  fen: string;
  /** Movetext from the standard start to `fen` (empty at the start). */
  line: string;
  /** The player's explorer bands (time controls and ratings); the defaults when left out. */
  filter?: BandFilter;
  /** Where a page shows another suggestion too (the workshop's explorer one), this one's own test id. */
  testId?: string;
  /**
   * The page names the pick and adds it itself (the workshop): only the engine's word on it is shown,
   * so the same suggestion is not offered twice.
   */
  checkOnly?: boolean;
};

/**
 * The suggested answer in a position: of the replies played at the player's level, the one with the
 * highest lower bound of its score (the same on every load), with its score and games, and "Add to
 * repertoire". The engine then checks it: its evaluation confirms the pick, or a warning names a
 * better reply; it never swaps the pick. The other replies are listed under it.
 */
export function SuggestedAnswer({
  color,
  fen,
  line,
  filter = {},
  testId = 'suggested-answer',
  checkOnly = false,
}: SuggestedAnswerProps) {
  const candidates = useCandidates(fen, filter);
  const cloud = useCloudEval(fen, MAX_CANDIDATES);
  const all = candidates.data?.moves;
  const pick = all && suggestAnswer(all);
  // The most played replies, and the pick wherever it ranks by games, are the ones the engine weighs.
  const replies = all && [
    ...all.slice(0, MAX_CANDIDATES),
    ...(pick && !all.slice(0, MAX_CANDIDATES).includes(pick) ? [pick] : []),
  ];
  const evals = useCandidateEvals(fen, replies, cloud.isError ? null : cloud.data);
  const add = useAddToRepertoire();

  if (candidates.isPending) return <p className="sa-box muted">Suggested answer: looking up replies…</p>;
  if (candidates.isError || candidates.data.error)
    return (
      <p className="sa-box muted">
        Suggested answer: no explorer replies ({candidates.data?.error ?? errorText(candidates.error)}).
      </p>
    );
  if (!replies || replies.length === 0)
    return <p className="sa-box muted">Suggested answer: the explorer lists no replies at your level here.</p>;

  const weighed = replies.map((c) => ({ ...c, evaluation: evals.byUci.get(c.uci)?.evaluation }));
  const suggestion = weighed.find((c) => c.uci === pick?.uci)!;
  const check = evals.pending ? undefined : checkSuggestion(suggestion, weighed, evals.best, color);
  const percent = (score: number) => `${Math.round(score * 100)}%`;
  const source = evals.byUci.get(suggestion.uci)?.source === 'cloud' ? 'Lichess cloud eval' : 'engine';
  return (
    <div className="sa-box" data-testid={testId}>
      {checkOnly ? (
        <p className="sa-suggestion">
          Engine on <strong>{suggestion.san}</strong>:{' '}
          {suggestion.evaluation ? (
            <>
              <span className="sa-eval" data-testid="suggested-eval">
                {evalText(suggestion.evaluation)}
              </span>{' '}
              <span className="muted">({source})</span>
            </>
          ) : (
            <span className="muted">not evaluated yet</span>
          )}
        </p>
      ) : (
        <p className="sa-suggestion">
          Suggested answer: <strong>{suggestion.san}</strong>{' '}
          {suggestion.evaluation && (
            <>
              <span className="sa-eval" data-testid="suggested-eval">
                {evalText(suggestion.evaluation)}
              </span>{' '}
            </>
          )}
          <span className="muted">
            (you score {percent(suggestion.score)} in {suggestion.games.toLocaleString('en-US')} games, at worst{' '}
            {percent(suggestion.score_low)}
            {suggestion.evaluation ? `; ${source}` : ''})
          </span>{' '}
          <button
            type="button"
            className="button button-small"
            disabled={add.isPending || add.isSuccess}
            onClick={() => add.mutate({ color, line: lineWithReply(line, fen, suggestion.san) })}
          >
            {add.isSuccess ? 'Added to repertoire' : 'Add to repertoire'}
          </button>
          {add.isError && <span role="alert"> {errorText(add.error)}</span>}
        </p>
      )}
      {evals.pending ? (
        <p className="muted" data-testid="suggested-check">
          Checking it with the engine…
        </p>
      ) : check?.verdict === 'refuted' ? (
        <p className="sa-warning" role="note" data-testid="suggested-check">
          {engineWarningText(suggestion, evals.best, check.better)}
        </p>
      ) : check?.verdict === 'confirmed' ? (
        <p className="muted" data-testid="suggested-check">
          The engine confirms it is sound.
        </p>
      ) : null}
      {!evals.pending && (
        <details className="sa-replies">
          <summary>All {replies.length} replies</summary>
          <ul>
            {weighed.map((c) => (
              <li key={c.uci}>
                <strong>{c.san}</strong> {c.evaluation ? evalText(c.evaluation) : 'not evaluated'}, you score{' '}
                {percent(c.score)} in {c.games.toLocaleString('en-US')} games (at worst {percent(c.score_low)})
                {evals.best && isRefuted(c, evals.best, color) ? ' (refuted)' : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
