import { useEffect } from 'react';
import { clearFlashHelp } from '../lib/flash-help';
import { usePageTitle } from '../lib/page-title';
import { useUser } from '../lib/session';
import { FeatureSummary, FirstSteps, VideoLinks } from './help-content';

/** /welcome: the summary of functions and the tutorial videos, shown once after sign-up and on demand. */
export function WelcomePage() {
  usePageTitle('Welcome');
  const user = useUser();
  useEffect(clearFlashHelp, []);
  return (
    <section className="page prose" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome, {user.username}</h1>
      <WelcomeText />
    </section>
  );
}

/** The welcome text, also shown after an email address is confirmed. */
export function WelcomeText() {
  return (
    <>
      <p className="lead">
        Chess Prep turns your own games into training. Start with the steps below; after them comes what each part of
        the app does (the links in the bar at the top take you there, and Help shows it again).
      </p>
      <h2>First steps</h2>
      <FirstSteps />
      <h2>What each part does</h2>
      <FeatureSummary />
      <h2>Tutorial videos</h2>
      <VideoLinks />
    </>
  );
}
