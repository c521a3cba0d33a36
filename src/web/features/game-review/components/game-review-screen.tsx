import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { GameReview } from '@contract/game-reviews';
import { Board, START_FEN } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { pendingAnalysisQueryKey, usePendingAnalysis } from '../api/game-analysis';
import { gameReviewsQueryKey, useGameReviews } from '../api/get-game-reviews';
import { AutoImportNote } from './auto-import-note';
import { GamePicker } from './game-picker';
import { ReviewList } from './review-list';
import { AnalyseAll } from './analyse-all';
import { COMING_SOON, ReviewWorkspace, type ReviewPosition, type ReviewWorkspaceProps } from './review-workspace';
import '../game-review.css';
import '../game-review-engine.css';

export type GameReviewScreenProps = {
  /** Called by 'Make Card' with the board's position. */
  onMakeCard?: (position: ReviewPosition) => void;
  /** Or: what 'Make Card' opens (the full-screen card editor); `close` hides it again. */
  renderMakeCard?: (position: ReviewPosition, close: () => void) => ReactNode;
  /**
   * The openings part for the selected review (undefined when none): 'Change/Refresh Opening',
   * 'Compare Game to Opening', the two current openings and the results area. Without it those
   * buttons are shown disabled.
   */
  renderOpeningPanel?: (review: GameReview | undefined) => ReactNode;
  /** Further practice buttons of a mistake ("Add to drill"). */
  renderMistakeActions?: ReviewWorkspaceProps['renderMistakeActions'];
  /** Where a card made from a mistake opens. */
  cardHref?: ReviewWorkspaceProps['cardHref'];
};

/**
 * The game review screen. The selected review is kept in the URL (?review=id), so a reload keeps it;
 * ?review=id&ply=n opens it at that half-move (links from the repertoire report). ?analyse=new
 * (Today's "Analyse N new games") starts "Analyse all" by itself, once.
 */
export function GameReviewScreen({
  onMakeCard,
  renderMakeCard,
  renderOpeningPanel,
  renderMistakeActions,
  cardHref,
}: GameReviewScreenProps) {
  usePageTitle('Review Game');
  const reviews = useGameReviews();
  const [params, setParams] = useSearchParams();
  const [cardPosition, setCardPosition] = useState<ReviewPosition>();

  const list = reviews.data ?? [];
  const wanted = Number(params.get('review'));
  // A review opened by link that the loaded list lacks (saved elsewhere a moment ago): load the list
  // once more before falling back to the newest review.
  const missing = params.has('review') && reviews.isSuccess && !list.some((r) => r.id === wanted);
  const [reloadedFor, setReloadedFor] = useState<number>();
  const { refetch, isFetching } = reviews;
  useEffect(() => {
    if (!missing || isFetching || reloadedFor === wanted) return;
    setReloadedFor(wanted);
    void refetch();
  }, [missing, isFetching, reloadedFor, wanted, refetch]);
  const waiting = params.has('review') && (isFetching || (missing && reloadedFor !== wanted));
  const selected = list.find((r) => r.id === wanted) ?? (waiting ? undefined : list[0]);
  const select = (id: number) => setParams({ review: String(id) }, { replace: true });
  const ply = selected?.id === wanted ? Math.trunc(Number(params.get('ply'))) || 0 : 0;

  const pending = usePendingAnalysis();
  const analyseNew = useAnalyseNew(reviews, pending);
  const analyseNewStarted = () =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete('analyse');
        return next;
      },
      { replace: true },
    );

  const makeCard = renderMakeCard ? setCardPosition : onMakeCard;
  const toolbar = (
    <>
      <div className="gr-get-games">
        <GamePicker site="lichess" onSaved={(review) => select(review.id)} />
        <GamePicker site="chesscom" onSaved={(review) => select(review.id)} />
      </div>
      <AutoImportNote />
    </>
  );

  return (
    <section className="page game-review" aria-labelledby="gr-title">
      <h1 id="gr-title" className="visually-hidden">
        Review Game
      </h1>
      {selected ? (
        <ReviewWorkspace
          key={`${selected.id}:${ply}`}
          review={selected}
          initialStep={ply}
          toolbar={toolbar}
          onMakeCard={makeCard}
          renderMistakeActions={renderMistakeActions}
          cardHref={cardHref}
        />
      ) : (
        <EmptyWorkspace toolbar={toolbar} loading={reviews.isPending} />
      )}
      {renderOpeningPanel ? renderOpeningPanel(selected) : <OpeningPanelPlaceholder />}
      <AnalyseAll reviews={list} autoStart={analyseNew} onAutoStarted={analyseNewStarted} />
      <ReviewList
        reviews={list}
        selectedId={selected?.id}
        onSelect={select}
        loadError={reviews.isError ? errorText(reviews.error) : undefined}
        unanalysedIds={pending.data && new Set(pending.data.ids)}
      />
      {renderMakeCard && cardPosition && renderMakeCard(cardPosition, () => setCardPosition(undefined))}
    </section>
  );
}

/**
 * True once the screen, opened with ?analyse=new, has both lists as loaded after it opened: the new
 * games may have come in after the cached ones were loaded (Today shows them before this screen).
 */
function useAnalyseNew(reviews: UseQueryResult<unknown>, pending: UseQueryResult<unknown>): boolean {
  const [params] = useSearchParams();
  const wanted = params.get('analyse') === 'new';
  const queryClient = useQueryClient();
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    if (!wanted) return;
    void queryClient.invalidateQueries({ queryKey: gameReviewsQueryKey });
    void queryClient.invalidateQueries({ queryKey: pendingAnalysisQueryKey });
  }, [wanted, queryClient]);
  const fresh = (query: UseQueryResult<unknown>) =>
    query.isSuccess && !query.isFetching && query.dataUpdatedAt >= openedAt;
  return wanted && fresh(reviews) && fresh(pending);
}

function EmptyWorkspace({ toolbar, loading }: { toolbar: ReactNode; loading: boolean }) {
  return (
    <div className="board-layout gr-workspace">
      <div className="board-layout-main gr-board-column">
        <h2 className="gr-heading">{loading ? 'Loading your games…' : 'No game selected'}</h2>
        <Board fen={START_FEN} id="review-board" />
      </div>
      <div className="board-layout-side gr-side">
        {toolbar}
        {!loading && (
          <p className="gr-empty-help">
            Get one of your recent games from Lichess or Chess.com to step through it, keep notes and make cards from
            its positions.
          </p>
        )}
      </div>
    </div>
  );
}

function OpeningPanelPlaceholder() {
  return (
    <section className="gr-openings" aria-label="Openings">
      <div className="gr-openings-buttons">
        <button type="button" className="button" disabled title={COMING_SOON}>
          Change/Refresh Opening
        </button>
        <button type="button" className="button" disabled title={COMING_SOON}>
          Compare Game to Opening
        </button>
      </div>
    </section>
  );
}
