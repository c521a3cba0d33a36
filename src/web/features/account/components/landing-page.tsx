import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { SignupForm } from './signup-form';

const BLURBS = [
  {
    icon: '♞',
    title: 'Review your games',
    text: 'Pull your latest games from Lichess and Chess.com, step through them move by move, open any position in an analysis board and keep notes on what went wrong.',
  },
  {
    icon: '♛',
    title: 'Remember what you learn',
    text: 'Turn a position you misplayed into a flashcard with a board for the question and the answer. Spaced repetition brings each card back just before you would forget it.',
  },
  {
    icon: '♜',
    title: 'Prepare your openings',
    text: 'Set a white and a black repertoire from a Lichess study or a PGN file. See where a game left your preparation, find lines that contradict each other, and check which common replies you have not covered yet.',
  },
] as const;

// The Italian Game after 3...Bc5, with the last move marked: what a reviewed position looks like.
// The board library loads beside the page, not before it (the hero keeps its size meanwhile).
const Board = lazy(() => import('../../../components/board').then((m) => ({ default: m.Board })));

const HERO_FEN = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

/** `/` for visitors: three feature blurbs, the sign-up form and a way to sign in. */
export function LandingPage() {
  usePageTitle('Train with your own games');
  return (
    <div className="page landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero-board">
          <Suspense fallback={null}>
            <Board
              id="landing-board"
              fen={HERO_FEN}
              lastMove={{ from: 'f8', to: 'c5' }}
              showCoordinates={false}
              label="Example position: the Italian Game"
            />
          </Suspense>
        </div>
        <h1 id="landing-title">Train with your own games</h1>
        <p className="lead">
          Chess Prep is a free training companion for Lichess and Chess.com players: review your games, drill the
          positions you got wrong, and keep your openings honest.
        </p>
        <p className="landing-signin">
          Already have an account?{' '}
          <Link to="/signin" className="button">
            Sign In
          </Link>
        </p>
      </section>
      <div className="landing-columns">
        <SignupForm />
        <ul className="blurbs" aria-label="Features">
          {BLURBS.map((blurb) => (
            <li key={blurb.title} className="blurb">
              <span className="blurb-icon" aria-hidden="true">
                {blurb.icon}
              </span>
              <div>
                <h2>{blurb.title}</h2>
                <p>{blurb.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
