import type { Color } from '@contract/common';
import { useSources } from '../../../lib/repertoire-sources';

/** The sources the workshop's repertoire is read from; those switched off are named as such. */
export function SourcesPanel({ color }: { color: Color }) {
  const sources = useSources(color);
  const list = sources.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="card ws-sources" aria-label={`${color === 'white' ? 'White' : 'Black'} repertoire sources`}>
      <h2>Read from</h2>
      <ul>
        {list.map((source) => (
          <li key={source.id} className={source.enabled ? undefined : 'muted'}>
            {source.link ? (
              <a href={source.link} target="_blank" rel="noreferrer">
                {source.name}
              </a>
            ) : (
              source.name
            )}
            {` · ${source.positions.toLocaleString('en-US')} positions`}
            {source.enabled ? '' : ' · switched off'}
          </li>
        ))}
      </ul>
      <p className="muted">Add, rename or switch them off on Manage Openings.</p>
    </section>
  );
}
