import { useEffect } from 'react';

export const APP_NAME = 'Chess Prep';

/** Sets the browser tab title to '<title> · Chess Prep' while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
