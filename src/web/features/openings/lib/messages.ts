import { serverWords } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
// The exact texts of the opening screens, kept word for word as players know them.

export const SORRY_PREFIX = "Sorry...something went wrong, we'll look into it:";
export const NO_STUDY_SELECTED = 'No study selected';
export const NO_STUDY_TEXT = 'No study text';
export const NO_INCONSISTENCIES = 'No inconsistencies found';
export const CHOOSE_OPENING_FILE = 'Please choose an opening file above';
export const SELECT_OPENING_FILE = 'Please select an opening file';
export const SELECT_GAME_FILE = 'Please select a game file';
export const NO_OPENING_ENTERED = 'No opening entered, please enter an opening above';
export const NO_STUDIES_RETRIEVED = 'No studies retrieved...';
export const NONE_SELECTED = 'None selected';
export const NO_GAMES_RETRIEVED = 'No games retrieved';
export const RETRIEVING_GAMES = 'Retrieving Games';

/** 'Getting data from Lichess for: N of M fens', in the player's words. */
export const coverageProgressText = (done: number, total: number) =>
  `Getting data from Lichess for: ${done} of ${total} positions`;

/** The failure text followed by the error; an empty file is said plainly, it is no failure. */
export const sorryText = (error: unknown) =>
  error instanceof Error && error.name === 'EmptyFileError' ? error.message : `${SORRY_PREFIX} ${serverWords(error)}`;

/** 'Estimated time: under a minute' rather than '0 minutes'. */
export const estimatedTimeText = (minutes: number) => (minutes < 1 ? 'under a minute' : plural(minutes, 'minute'));
