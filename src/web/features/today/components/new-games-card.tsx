import { Link } from 'react-router';
import { noun } from '../../../lib/plural';

/** Game review starts "Analyse all" by itself when opened with this. */
const ANALYSE_NEW_HREF = '/game_review?analyse=new';

/** Games the automatic import saved that the engine has not looked at yet, with the way to analyse them. */
export function NewGamesCard({ count }: { count: number }) {
  const games = `${count.toLocaleString('en-US')} new ${noun(count, 'game')}`;
  return (
    <section className="card today-new-games" aria-labelledby="today-new-games-title" data-testid="today-new-games">
      <h2 id="today-new-games-title">{`${games} came in`}</h2>
      <p>They are saved as game reviews, ready for the engine to find your mistakes.</p>
      <Link to={ANALYSE_NEW_HREF} className="button button-primary">
        Analyse {games}
      </Link>
    </section>
  );
}
