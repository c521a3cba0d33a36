import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TodayAnswer } from '@contract/today';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useToday } from '../api/get-today';
import { NewGamesCard } from './new-games-card';
import { TrainingSession } from './training-session';
import '../today.css';
import { plural } from '../../../lib/plural';

/** Today: what to train now in one session, what else waits, the streak and what was done today. */
export function TodayScreen() {
  usePageTitle('Today');
  const today = useToday();
  const queryClient = useQueryClient();
  const [training, setTraining] = useState(false);

  // Everything the session touched is counted afresh (cards, drill and Today itself, with its streak).
  const ended = useCallback(() => void queryClient.invalidateQueries(), [queryClient]);

  return (
    <section className="page today-page" aria-labelledby="today-title">
      <header className="today-header">
        <h1 id="today-title">Today</h1>
        {today.data && <Streak days={today.data.streak_days} />}
      </header>
      {today.isPending && <p className="muted">Counting what is due…</p>}
      {today.isError && (
        <p className="form-message is-error" role="alert">
          Could not load Today: {errorText(today.error)}
        </p>
      )}
      {today.data &&
        (training ? (
          <TrainingSession newLeft={today.data.drill_new_left} onEnded={ended} onFinish={() => setTraining(false)} />
        ) : (
          <TodayOverview data={today.data} onStart={() => setTraining(true)} />
        ))}
    </section>
  );
}

function Streak({ days }: { days: number }) {
  return (
    <p className={`today-streak${days > 0 ? ' is-on' : ''}`} data-testid="today-streak">
      <span className="today-streak-days">{days}</span> {days === 1 ? 'day' : 'days'} in a row
    </p>
  );
}

function TodayOverview({ data, onStart }: { data: TodayAnswer; onStart: () => void }) {
  const drillDue = data.drill_due.white + data.drill_due.black;
  const toTrain = data.cards_due + drillDue + data.drill_new_left;
  const { done } = data;
  // Nothing to train and no training lately: most likely a new player, who needs a repertoire first.
  const empty = toTrain === 0 && data.done_today === 0 && data.streak_days === 0;
  // New games to analyse come first when there is nothing to train, else right after training.
  const newGames = data.imported_unanalysed > 0 && <NewGamesCard count={data.imported_unanalysed} />;
  return (
    <>
      {toTrain === 0 && newGames}
      {empty && <FirstSteps gamesIn={data.unanalysed_reviews > 0} />}
      <div className="card today-train">
        <p className="today-train-summary" data-testid="today-to-train">
          {toTrain === 0
            ? 'Nothing to train right now.'
            : `${plural(data.cards_due, 'card')} due, ${plural(drillDue, 'drill position')} due, ${plural(data.drill_new_left, 'new position')} to learn.`}
        </p>
        <button type="button" className="button button-primary button-large" disabled={toTrain === 0} onClick={onStart}>
          Start training
        </button>
        <p className="muted today-done" data-testid="today-done">
          {data.done_today === 0
            ? 'Nothing done yet today.'
            : `Done today: ${plural(done.cards, 'card')}, ${plural(done.drill, 'drill answer')}${done.new_drill > 0 ? ` (${done.new_drill} new)` : ''}.`}
        </p>
      </div>
      {toTrain > 0 && newGames}
      <ul className="today-counts" aria-label="What waits">
        <Count testId="cards-due" value={data.cards_due} label="cards due" to="/review_cards" />
        <Count testId="drill-due-white" value={data.drill_due.white} label="White drill due" to="/drill?color=white" />
        <Count testId="drill-due-black" value={data.drill_due.black} label="Black drill due" to="/drill?color=black" />
        <Count testId="drill-new-left" value={data.drill_new_left} label="new positions left today" to="/drill" />
        <Count
          testId="new-games-lichess"
          value={data.new_games.lichess}
          label="new games on Lichess"
          to="/game_review"
          note={data.games_fetching ? 'checking…' : undefined}
        />
        <Count
          testId="new-games-chesscom"
          value={data.new_games.chesscom}
          label="new games on Chess.com"
          to="/game_review"
          note={data.games_fetching ? 'checking…' : undefined}
        />
        <Count testId="unanalysed" value={data.unanalysed_reviews} label="reviews not analysed" to="/game_review" />
        <Count testId="holes-open" value={data.holes_open} label="open holes to study" to="/manage_openings" />
        <Count
          testId="needed-holes"
          value={data.needed_holes_left.white + data.needed_holes_left.black}
          label="needed holes left"
          to="/manage_openings"
        />
      </ul>
      <p className="muted">
        See what is coming and how it went on <Link to="/progress">Progress</Link>.
      </p>
    </>
  );
}

/** What a new player does first; fetching games is left out once games are in (the automatic import). */
function FirstSteps({ gamesIn }: { gamesIn: boolean }) {
  return (
    <section className="card today-first" aria-labelledby="today-first-title" data-testid="today-first-steps">
      <h2 id="today-first-title">Start here</h2>
      <ol className="today-first-steps">
        <li>
          Bring your repertoire: a Lichess study or a PGN file on <Link to="/manage_openings">Manage Openings</Link>.
          None yet? <Link to="/starter">Build a repertoire</Link> from the moves you play first.
        </li>
        {!gamesIn && (
          <li>
            Fetch your games from Lichess or Chess.com on <Link to="/game_review">Review Game/Make Cards</Link>.
          </li>
        )}
      </ol>
      <p className="muted">Then this page lists what to train each day.</p>
    </section>
  );
}

function Count({
  value,
  label,
  to,
  testId,
  note,
}: {
  value: number;
  label: string;
  to: string;
  testId: string;
  note?: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={`today-count${value > 0 ? ' has-some' : ''}`} data-testid={`today-${testId}`}>
        <span className="today-count-value">{value.toLocaleString('en-US')}</span>
        <span className="today-count-label">
          {label}
          {note && <span className="today-count-note"> ({note})</span>}
        </span>
      </Link>
    </li>
  );
}
