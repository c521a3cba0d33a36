import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Asks before throwing typed work away: true when the player agrees (or there is nothing to lose). */
export function confirmDiscard(dirty: boolean, message: string): boolean {
  return !dirty || window.confirm(message);
}

/**
 * While `dirty`, leaving the screen (a link, back, a reload or closing the tab) asks first.
 * The in-app question is `message`; browsers show their own text on reload and close.
 */
export function useUnsavedGuard(dirty: boolean, message: string): void {
  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
