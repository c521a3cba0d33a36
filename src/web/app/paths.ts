// Every page route of the app, in one place so links and redirects agree.
export const paths = {
  landing: '/',
  signIn: '/signin',
  resetPassword: (token: string) => `/reset_password/${encodeURIComponent(token)}`,
  gameReview: '/game_review',
  openingTool: '/opening_tool',
  confirmedSuccess: '/confirmed_success',
  confirmedFailure: '/confirmed_failure',
  reviewCards: '/review_cards',
  manageCards: '/manage_cards',
  manageOpenings: '/manage_openings',
  starter: '/starter',
  drill: '/drill',
  repertoireReport: '/repertoire_report',
  prepare: '/prepare',
  welcome: '/welcome',
  account: '/account',
  repertoire: '/repertoire',
  today: '/today',
  progress: '/progress',
  woodpecker: '/woodpecker',
} as const;

/** The Repertoire screen of a colour, at a line (movetext from the start) when given. */
export function repertoireHref(color: 'white' | 'black', line?: string): string {
  const query = new URLSearchParams({ color });
  if (line && line.trim() !== '') query.set('line', line.trim());
  return `${paths.repertoire}?${query}`;
}

/** The Repertoire screen showing a starter build (its id) before it is kept. */
export function starterPreviewHref(color: 'white' | 'black', build: string): string {
  return `${paths.repertoire}?${new URLSearchParams({ color, starter: build })}`;
}

/** Game review at one saved review. */
export function gameReviewHref(id: number): string {
  return `${paths.gameReview}?review=${id}`;
}

/** Where a logged-in user lands when no other page was asked for. */
export const LOGGED_IN_HOME = paths.today;
