import type { RouteObject } from 'react-router';
import { LandingPage } from '../features/account/components/landing-page';
import { ResetPasswordPage } from '../features/account/components/reset-password-page';
import { SignInPage } from '../features/account/components/signin-page';
import { GameReviewScreen } from '../features/game-review';
import { ConfirmedFailurePage, ConfirmedSuccessPage } from './confirmed-pages';
import {
  ManageCardsPlaceholder,
  ManageOpeningsPlaceholder,
  OpeningToolPlaceholder,
  ReviewCardsPlaceholder,
} from './placeholders';
import { RootLayout } from './root-layout';
import { LoggedOutOnly, RequireSession, UnknownPath } from './route-guards';
import { WelcomePage } from './welcome-page';

// To give a screen its real page, replace the `element` of its route below.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <LoggedOutOnly />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'signin', element: <SignInPage /> },
        ],
      },
      // Reachable logged in or out: the link in the reset mail works either way.
      { path: 'reset_password/:token', element: <ResetPasswordPage /> },
      {
        element: <RequireSession />,
        children: [
          { path: 'game_review', element: <GameReviewScreen /> },
          { path: 'opening_tool', element: <OpeningToolPlaceholder /> },
          { path: 'review_cards', element: <ReviewCardsPlaceholder /> },
          { path: 'manage_cards', element: <ManageCardsPlaceholder /> },
          { path: 'manage_openings', element: <ManageOpeningsPlaceholder /> },
          { path: 'welcome', element: <WelcomePage /> },
          { path: 'confirmed_success', element: <ConfirmedSuccessPage /> },
          { path: 'confirmed_failure', element: <ConfirmedFailurePage /> },
        ],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];
