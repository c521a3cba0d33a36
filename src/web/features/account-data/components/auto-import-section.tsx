import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { IMPORT_SITE_NAMES, siteImportError, siteImportStatus } from '../../../lib/game-import-text';
import { AUTO_IMPORT_ANCHOR, useGameSettings, useSaveGameSettings } from '../../../lib/game-settings';

/** Games that arrive by themselves: the switch, and per site when it last looked and what it brought in. */
export function AutoImportSection() {
  const settings = useGameSettings();
  const save = useSaveGameSettings();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // Opened by a link to the setting: bring it into view once it has rendered.
  const loaded = settings.isSuccess;
  useEffect(() => {
    if (loaded && hash === `#${AUTO_IMPORT_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  // While a change is saved the switch already shows it.
  const on = save.isPending ? save.variables.auto_import : settings.data?.auto_import;
  const change = (autoImport: boolean) => {
    setMessage(undefined);
    save.mutate(
      { auto_import: autoImport },
      {
        onSuccess: (answer) =>
          setMessage({
            text: answer.auto_import
              ? 'Saved: your new games come in by themselves.'
              : 'Saved: games come in only when you get them on Review Game.',
            error: false,
          }),
        onError: (error) => setMessage({ text: `Not saved: ${errorText(error)}`, error: true }),
      },
    );
  };
  const now = Date.now();

  return (
    <section
      ref={section}
      id={AUTO_IMPORT_ANCHOR}
      className="card account-section account-auto-import"
      aria-labelledby="account-auto-import-title"
    >
      <h2 id="account-auto-import-title">New games</h2>
      {settings.isPending && <p className="muted">Loading…</p>}
      {settings.isError && (
        <p className="form-message is-error" role="alert">
          Could not load this setting: {errorText(settings.error)}
        </p>
      )}
      {settings.data && (
        <>
          <label className="account-switch">
            <input
              type="checkbox"
              role="switch"
              checked={on ?? false}
              disabled={save.isPending}
              onChange={(e) => change(e.target.checked)}
            />
            <span>Bring my new games in by themselves (checked hourly)</span>
          </label>
          <p className="muted account-switch-help">
            Your new games on Lichess and Chess.com are saved as game reviews, at most once an hour per site and never
            twice. Today tells you when some came in, ready for the engine to find your mistakes.
          </p>
          {settings.data.sites.length === 0 ? (
            <p className="muted">Save a Lichess or Chess.com username above for your games to come in from there.</p>
          ) : (
            <ul className="account-import-sites" aria-label="Sites checked for new games">
              {settings.data.sites.map((site) => {
                const error = siteImportError(site);
                return (
                  <li key={site.site} data-testid={`auto-import-${site.site}`}>
                    <span>
                      <strong>{IMPORT_SITE_NAMES[site.site]}</strong> ({site.username}): {siteImportStatus(site, now)}
                    </span>
                    {error && <span className="form-message is-error">{error}</span>}
                  </li>
                );
              })}
            </ul>
          )}
          <output
            className={`form-message${message?.error ? ' is-error' : ' is-success'}`}
            aria-live="polite"
            data-testid="auto-import-message"
          >
            {message?.text}
          </output>
        </>
      )}
    </section>
  );
}
