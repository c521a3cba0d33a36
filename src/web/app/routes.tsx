import type { RouteObject } from 'react-router';
import { AccountPage } from '../features/account-data';
import { CardReviewScreen, EditCardsScreen } from '../features/cards';
import { LandingPage } from '../features/account/components/landing-page';
import { ResetPasswordPage } from '../features/account/components/reset-password-page';
import { SignInPage } from '../features/account/components/signin-page';
import { ConfirmedFailurePage, ConfirmedSuccessPage } from './confirmed-pages';
import { GameReviewPage } from './game-review-page';
import { DrillScreen } from '../features/drill';
import { RepertoireReportPage } from './repertoire-report-page';
import { ManageOpeningsRoute, OpeningToolRoute } from './openings-pages';
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
          { path: 'game_review', element: <GameReviewPage /> },
          { path: 'opening_tool', element: <OpeningToolRoute /> },
          { path: 'review_cards', element: <CardReviewScreen /> },
          { path: 'manage_cards', element: <EditCardsScreen /> },
          { path: 'manage_openings', element: <ManageOpeningsRoute /> },
          { path: 'drill', element: <DrillScreen /> },
          { path: 'repertoire_report', element: <RepertoireReportPage /> },
          { path: 'welcome', element: <WelcomePage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'confirmed_success', element: <ConfirmedSuccessPage /> },
          { path: 'confirmed_failure', element: <ConfirmedFailurePage /> },
        ],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];
