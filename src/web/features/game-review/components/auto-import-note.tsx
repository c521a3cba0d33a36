import { Link } from 'react-router';
import { siteImportError } from '../../../lib/game-import-text';
import { AUTO_IMPORT_HREF, useGameSettings } from '../../../lib/game-settings';

/** Whether new games come in by themselves, with a link to the setting, and why a site failed last time. */
export function AutoImportNote() {
  const settings = useGameSettings();
  if (!settings.data) return null;
  const { auto_import: on, sites } = settings.data;
  const text =
    sites.length === 0
      ? 'New games can come in by themselves'
      : on
        ? 'New games come in by themselves'
        : 'New games come in when you get them';
  const errors = on ? sites.flatMap((site) => siteImportError(site) ?? []) : [];
  return (
    <div className="gr-auto-import" data-testid="gr-auto-import">
      <p>
        {text} · <Link to={AUTO_IMPORT_HREF}>Change</Link>
      </p>
      {errors.map((error) => (
        <p key={error} className="form-message is-error">
          {error}
        </p>
      ))}
    </div>
  );
}
