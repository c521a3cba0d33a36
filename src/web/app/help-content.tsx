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
        <strong>
          <Link to={paths.repertoire}>Repertoire</Link>
        </strong>
        : the workshop for your repertoire. Step through it on the board with the Lichess explorer's moves beside each
        position; play a move or click an explorer row to add it, remove a line, keep one of two answers, undo. Every
        finding (Study next, Games vs Repertoire, the consistency check, the drill, a game comparison) opens here at its
        position with the explorer's best-scoring answer ready to add. Your edits count at once in every check and in
        the drill; Save to Lichess writes your additions to your study as one chapter, and Download PGN gives the whole
        edited repertoire.
      </li>
      <li>
        <strong>
          <Link to={paths.prepare}>Prepare</Link>
        </strong>
        : before a match, enter your opponent&apos;s Lichess or Chess.com name and the colour you will have: see where
        their recent games surprise your repertoire, which of your lines they walk into, and drill those lines.
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
