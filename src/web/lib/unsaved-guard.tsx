import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog';

/** The words of a question about typed work, e.g. 'Discard this card?' and what goes with it. */
export type DiscardWords = { question: string; detail?: string };

const KEEP = 'Keep editing';
const DISCARD = 'Discard';

/**
 * Asks in the app's own dialog before throwing typed work away. `ask(dirty, proceed)` calls
 * `proceed` at once when there is nothing to lose, else after the player picks 'Discard';
 * 'Keep editing' (or Escape) leaves everything as it was. Render `dialog` once.
 */
export function useDiscardQuestion(words: DiscardWords): {
  ask: (dirty: boolean, proceed: () => void) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<{ proceed: () => void }>();
  const ask = useCallback((dirty: boolean, proceed: () => void) => {
    if (dirty) setPending({ proceed });
    else proceed();
  }, []);
  const dialog = (
    <ConfirmDialog
      question={pending ? words.question : undefined}
      detail={words.detail}
      confirmLabel={DISCARD}
      cancelLabel={KEEP}
      onCancel={() => setPending(undefined)}
      onConfirm={() => {
        setPending(undefined);
        pending?.proceed();
      }}
    />
  );
  return { ask, dialog };
}

/**
 * While `active`, a reload or closing the tab asks first, through `beforeunload` (in the browser's
 * own words): for work the app has not stored yet.
 */
export function useLeaveQuestion(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}

/**
 * While `dirty`, leaving the screen inside the app (a link, back) asks first in the app's dialog,
 * through React Router's blocker; render the returned dialog. A reload or closing the tab asks
 * through `beforeunload`, whose question browsers only show in their own words.
 */
export function useUnsavedGuard(dirty: boolean, words: DiscardWords): ReactNode {
  // Once the player has chosen Discard, nothing is left to ask about: the screen's blocker is only
  // let go after the next screen shows, and a Back pressed in between was blocked (and lost).
  const discarded = useRef(false);
  const { key } = useLocation();
  useEffect(() => {
    discarded.current = false;
  }, [key]);
  const blocker = useBlocker(useCallback(() => dirty && !discarded.current, [dirty]));
  useLeaveQuestion(dirty);
  return (
    <ConfirmDialog
      question={blocker.state === 'blocked' ? words.question : undefined}
      detail={words.detail}
      confirmLabel={DISCARD}
      cancelLabel={KEEP}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => {
        discarded.current = true;
        blocker.proceed?.();
      }}
    />
  );
}
