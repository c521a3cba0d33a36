import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LandingPage } from '../features/account/components/landing-page';
import { ResetPasswordPage } from '../features/account/components/reset-password-page';
import { SignInPage } from '../features/account/components/signin-page';
import { ConfirmedFailurePage, ConfirmedSuccessPage } from './confirmed-pages';
import { RootLayout } from './root-layout';
import { LoggedOutOnly, RequireSession, UnknownPath } from './route-guards';
import { WelcomePage } from './welcome-page';

// Logged-in screens load their code when first shown (RootLayout's Suspense shows 'Loading…'),
// so the landing page and the shell stay small. A new screen: one `lazy` line and one route.
export const GameReviewPage = lazy(() => import('./game-review-page').then((m) => ({ default: m.GameReviewPage })));
const OpeningToolRoute = lazy(() => import('./openings-pages').then((m) => ({ default: m.OpeningToolRoute })));
const ManageOpeningsRoute = lazy(() => import('./openings-pages').then((m) => ({ default: m.ManageOpeningsRoute })));
const CardReviewScreen = lazy(() => import('../features/cards').then((m) => ({ default: m.CardReviewScreen })));
const EditCardsScreen = lazy(() => import('../features/cards').then((m) => ({ default: m.EditCardsScreen })));
const DrillPage = lazy(() => import('./drill-page').then((m) => ({ default: m.DrillPage })));
const RepertoireReportPage = lazy(() =>
  import('./repertoire-report-page').then((m) => ({ default: m.RepertoireReportPage })),
);
const StarterPage = lazy(() => import('./starter-page').then((m) => ({ default: m.StarterPage })));
const PreparePage = lazy(() => import('./prepare-page').then((m) => ({ default: m.PreparePage })));
const RepertoirePage = lazy(() => import('./repertoire-page').then((m) => ({ default: m.RepertoirePage })));
const TodayScreen = lazy(() => import('../features/today').then((m) => ({ default: m.TodayScreen })));
const ProgressScreen = lazy(() => import('../features/progress').then((m) => ({ default: m.ProgressScreen })));
const WoodpeckerScreen = lazy(() => import('../features/woodpecker').then((m) => ({ default: m.WoodpeckerScreen })));
const AccountPage = lazy(() => import('../features/account-data').then((m) => ({ default: m.AccountPage })));

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
          { path: 'today', element: <TodayScreen /> },
          { path: 'progress', element: <ProgressScreen /> },
          { path: 'game_review', element: <GameReviewPage /> },
          { path: 'opening_tool', element: <OpeningToolRoute /> },
          { path: 'review_cards', element: <CardReviewScreen /> },
          { path: 'manage_cards', element: <EditCardsScreen /> },
          { path: 'manage_openings', element: <ManageOpeningsRoute /> },
          { path: 'starter', element: <StarterPage /> },
          { path: 'drill', element: <DrillPage /> },
          { path: 'repertoire', element: <RepertoirePage /> },
          { path: 'repertoire_report', element: <RepertoireReportPage /> },
          { path: 'prepare', element: <PreparePage /> },
          { path: 'woodpecker', element: <WoodpeckerScreen /> },
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
