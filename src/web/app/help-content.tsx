import { Link } from 'react-router';
import { paths } from './paths';

// What the app does and where to learn it: shown in the Help popup and on /welcome.

/** Tutorial videos; replace the search links with the project's own recordings when they exist. */
export const TUTORIAL_VIDEOS = [
  {
    title: 'Reviewing a game and making cards',
    href: 'https://www.youtube.com/results?search_query=lichess+game+review+tutorial',
  },
  {
    title: 'Spaced repetition for chess positions',
    href: 'https://www.youtube.com/results?search_query=chess+spaced+repetition+flashcards',
  },
  {
    title: 'Building an opening repertoire with Lichess studies',
    href: 'https://www.youtube.com/results?search_query=lichess+study+opening+repertoire',
  },
] as const;

export function FeatureSummary() {
  return (
    <ul className="feature-summary">
      <li>
        <strong>
          <Link to={paths.gameReview}>Review Game/Make Cards</Link>
        </strong>
        : fetch your recent games from Lichess or Chess.com, step through them on the board, keep notes, and turn a
        position you got wrong into a flashcard.
      </li>
      <li>
        <strong>
          <Link to={paths.reviewCards}>Card Review</Link>
        </strong>
        : the cards that are due, one at a time. Show the answer, then score yourself Again, Hard, Good or Easy; spaced
        repetition decides when you see the card next.
      </li>
      <li>
        <strong>
          <Link to={paths.manageCards}>Edit Cards</Link>
        </strong>
        : all your cards by due date, to create, change or delete them.
      </li>
      <li>
        <strong>
          <Link to={paths.manageOpenings}>Manage Openings</Link>
        </strong>
        : set one opening study per colour from a Lichess study or a PGN file, then compare your games to it, check it
        for inconsistent moves, and see which common replies it does not cover yet.
      </li>
      <li>
        <strong>Engine</strong>: "Analyse game" evaluates every position of a game with Stockfish running in your
        browser, marks your inaccuracies, mistakes and blunders and suggests better moves; Study next holes and the
        repertoire check use it too. The engine is{' '}
        <a href="https://github.com/nmrugg/stockfish.js" target="_blank" rel="noreferrer">
          Stockfish.js
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        (Stockfish 19, lite single-threaded WebAssembly build), free software under the{' '}
        <a href="https://www.gnu.org/licenses/gpl-3.0.html" target="_blank" rel="noreferrer">
          GNU General Public License 3.0
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        , served from this site, as is Chess Prep itself (GPL-3.0 or later).
      </li>
    </ul>
  );
}

export function VideoLinks() {
  return (
    <ul className="video-links">
      {TUTORIAL_VIDEOS.map((video) => (
        <li key={video.href}>
          <a href={video.href} target="_blank" rel="noreferrer">
            {video.title}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
