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

/** Every screen of the app in a line or two: Help and /welcome show this list. */
const SCREENS = [
  {
    to: paths.today,
    name: 'Today',
    text: 'where you land: the cards and drill positions due now, the new positions left for today, new games waiting on Lichess and Chess.com, reviews not analysed yet and open holes in your opening. Start training runs the due cards, then the due drill, then new positions in one session; the streak counts the days in a row you trained.',
  },
  {
    to: paths.gameReview,
    name: 'Review Game/Make Cards',
    text: 'fetch your recent games from Lichess or Chess.com, step through them on the board, keep notes and mistakes, and turn a position you got wrong into a flashcard.',
  },
  {
    to: paths.reviewCards,
    name: 'Card Review',
    text: 'the cards that are due, one at a time. Show the answer, then score yourself Again, Hard, Good or Easy; spaced repetition decides when you see the card next.',
  },
  { to: paths.manageCards, name: 'Edit Cards', text: 'all your cards by due date, to create, change or delete them.' },
  {
    to: paths.manageOpenings,
    name: 'Manage Openings',
    text: 'set one opening study per colour from a Lichess study or a PGN file, compare a game to it, check it for inconsistent moves, and run a coverage check whose Study next list shows the likeliest replies it does not answer yet.',
  },
  {
    to: paths.starter,
    name: 'Build a repertoire',
    text: 'no study yet? Commit to your first moves (1. e4, or 1. e4 c6 as Black) and the app follows the Lichess explorer at your rating bands: every reply met at your coverage goal answered with the best-scoring move. Download it, keep it as a repertoire source, or add it to your repertoire as edits.',
  },
  {
    to: paths.repertoire,
    name: 'Repertoire (the workshop)',
    text: "the workshop for your repertoire. Step through it on the board with the Lichess explorer's moves beside each position; play a move or click an explorer row to add it, remove a line, keep one of two answers, undo. Every finding (Study next, Games vs Repertoire, the consistency check, the drill, a game comparison) opens here at its position with the explorer's best-scoring answer ready to add. Your edits count at once in every check and in the drill; Save to Lichess writes your additions to your study as one chapter, and Download PGN gives the whole edited repertoire.",
  },
  {
    to: paths.drill,
    name: 'Drill',
    text: 'play your own repertoire from memory, line by line or position by position. Positions come back by spaced repetition; a set number of new ones a day.',
  },
  {
    to: paths.repertoireReport,
    name: 'Games vs Repertoire',
    text: 'the games report: where your saved and recent games left your repertoire, by you or by your opponent, most frequent first.',
  },
  {
    to: paths.prepare,
    name: 'Prepare',
    text: "before a game: your opponent's recent games against your repertoire, the moves of theirs it does not answer and the lines they play, to drill at once.",
  },
  {
    to: paths.progress,
    name: 'Progress',
    text: 'what falls due in the next 30 days, how many reviews you got right at the first try each week, the leeches (failed four times or more), and Optimise my schedule, which fits the scheduling to your own reviews once you have 400.',
  },
  {
    to: paths.account,
    name: 'Account',
    text: 'your site usernames, export and import of all your data (and an Anki deck of your cards), and deleting the account. Open it from your email address in the bar.',
  },
] as const;

/** Where a new player starts: a repertoire first (brought or built), then their games. */
export function FirstSteps() {
  return (
    <ol className="feature-summary" data-testid="first-steps">
      <li>
        <strong>Your repertoire.</strong> Bring a Lichess study or a PGN file on{' '}
        <Link to={paths.manageOpenings}>Manage Openings</Link>, or, with none yet,{' '}
        <Link to={paths.starter}>Build a repertoire</Link> from the moves you play first.
      </li>
      <li>
        <strong>Your games.</strong> Fetch them from Lichess or Chess.com on{' '}
        <Link to={paths.gameReview}>Review Game/Make Cards</Link>.
      </li>
      <li>
        <strong>Every day.</strong> <Link to={paths.today}>Today</Link> lists what to train.
      </li>
    </ol>
  );
}

export function FeatureSummary() {
  return (
    <ul className="feature-summary">
      {SCREENS.map((screen) => (
        <li key={screen.to}>
          <strong>
            <Link to={screen.to}>{screen.name}</Link>
          </strong>
          : {screen.text}
        </li>
      ))}
      <li>
        <strong>Engine</strong>: "Analyse game" evaluates every position of a game with Stockfish running in your
        browser, marks your inaccuracies, mistakes and blunders as Lichess judges them, shows each side's accuracy and
        suggests better moves; "Learn from your mistakes" then asks you for a better move at each of them. Study next
        holes and the repertoire check use it too. The engine is{' '}
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
