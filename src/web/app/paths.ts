// Every route of spec section 2, in one place so links and redirects agree.
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
  drill: '/drill',
  repertoireReport: '/repertoire_report',
  welcome: '/welcome',
  account: '/account',
  /** The repertoire workshop at a position of a colour's repertoire. */
  repertoireWorkshop: (color: 'white' | 'black', line: string) =>
    `/repertoire?${new URLSearchParams({ color, line }).toString()}`,
} as const;

/** Where a logged-in user lands when no other page was asked for. */
export const LOGGED_IN_HOME = paths.gameReview;
