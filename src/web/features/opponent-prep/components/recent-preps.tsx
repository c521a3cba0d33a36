import { Link } from 'react-router';
import { PREP_SITE_NAMES } from '@contract/opponent-prep';
import { useRecentPreps } from '../api/get-recent-preps';
import { colorName, gamesText, whenText } from '../lib/prep-text';

/** Kept preparations (the last one per opponent and colour), to reopen. */
export function RecentPreps({ currentId, hrefOf }: { currentId: number | undefined; hrefOf: (id: number) => string }) {
  const recent = useRecentPreps();
  if (!recent.data || recent.data.length === 0) return null;
  return (
    <section className="prep-recent" aria-labelledby="prep-recent-title">
      <h2 id="prep-recent-title">Kept preparations</h2>
      <ul>
        {recent.data.map((p) => (
          <li key={p.id} className={p.id === currentId ? 'is-current' : ''}>
            <Link to={hrefOf(p.id)} aria-current={p.id === currentId ? 'page' : undefined}>
              {p.username}
            </Link>{' '}
            <span className="muted">
              {PREP_SITE_NAMES[p.site]} · you {colorName(p.color)} · {gamesText(p.games)} · {whenText(p.created_at)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
