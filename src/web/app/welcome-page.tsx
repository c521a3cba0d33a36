import { useEffect } from 'react';
import { clearFlashHelp } from '../lib/flash-help';
import { usePageTitle } from '../lib/page-title';
import { useUser } from '../lib/session';
import { FeatureSummary, VideoLinks } from './help-content';

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
        Chess Prep turns your own games into training. Here is what each part of the app does; the links in the bar at
        the top take you there, and Help shows this again.
      </p>
      <FeatureSummary />
      <h2>Tutorial videos</h2>
      <VideoLinks />
    </>
  );
}
