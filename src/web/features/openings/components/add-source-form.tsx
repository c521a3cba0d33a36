import { serverWords } from '../../../lib/api-client';
import { useId, useState } from 'react';
import type { ExcludeSymbol } from '../../../../chess/exclude-symbols';
import { StatusBox } from '../../../components/status-box';
import { useUser } from '../../../lib/session';
import { studyLink } from '../api/lichess-studies';
import { addSource, MAX_SOURCES_PER_COLOR, useSourceMutation, useSources } from '../api/repertoire-sources';
import type { Color } from '../api/types';
import { useStatus } from '../lib/use-status';
import { ColorField } from './color-field';
import { ExcludeSymbolsField } from './exclude-symbols-field';
import { StudySource, type OpeningSource } from './study-source';

/** A file's name for the player: its first Event tag, or its name without the extension. */
export async function fileSourceName(file: File): Promise<string> {
  const head = await file.slice(0, 16 * 1024).text();
  const event = /^\s*\[Event "([^"]*)"\]/m.exec(head)?.[1]?.trim();
  if (event && event !== '?') return event;
  return file.name.replace(/\.[^.]+$/, '') || file.name;
}

const colorName = (color: Color) => (color === 'white' ? 'White' : 'Black');

/** Adds a source to a colour's repertoire from a Lichess study or a PGN file, saying first what will happen. */
export function AddSourceForm() {
  const ids = useId();
  const user = useUser();
  const [color, setColor] = useState<Color>('black');
  const [source, setSource] = useState<OpeningSource>({ kind: 'none' });
  const [name, setName] = useState('');
  const [exclude, setExclude] = useState<ExcludeSymbol[]>([]);
  const { status, begin } = useStatus();
  const [open, setOpen] = useState(false);
  const sources = useSources(color);
  const add = useSourceMutation(color, addSource);

  const choose = (next: OpeningSource) => {
    setSource(next);
    if (next.kind === 'study') setName(next.name);
    if (next.kind === 'file') void fileSourceName(next.file).then(setName);
  };

  const have = sources.data?.length ?? 0;
  const full = have >= MAX_SOURCES_PER_COLOR;
  const label = name.trim() || (source.kind === 'file' ? source.file.name : 'the study');
  const plan =
    source.kind === 'none'
      ? 'Choose a Lichess study or a PGN file.'
      : full
        ? `Your ${color} repertoire already has ${MAX_SOURCES_PER_COLOR} sources: remove one before adding another.`
        : `Adds “${label}” (${source.kind === 'study' ? 'Lichess study' : `file ${source.file.name}`}) as ${color} source ${have + 1} of ${MAX_SOURCES_PER_COLOR}. Your other ${color} sources stay as they are; a file that does not read in full is refused and nothing changes.`;

  const submit = async () => {
    if (source.kind === 'none' || full) return;
    const step = begin(`Adding ${label}`);
    const common = { color, name: name.trim(), exclusions: [...exclude] };
    try {
      const answer = await add.mutateAsync(
        source.kind === 'study'
          ? { ...common, kind: 'lichess', link: studyLink(source.id), text: '' }
          : { ...common, kind: 'file', file: source.file },
      );
      const added = answer.api_data;
      step.done(
        `Added ${added.name} to your ${color} repertoire: ${added.positions.toLocaleString('en-US')} positions`,
      );
    } catch (error) {
      step.done(`Refused: ${serverWords(error)}`);
    }
  };

  if (!open)
    return (
      <div className="op-row op-buttons">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Add a source…
        </button>
      </div>
    );

  return (
    <div className="op-add-source" role="group" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>Add a source</h3>
      <ColorField value={color} onChange={setColor} legend="To the repertoire of" name={`${ids}-color`} />
      <StudySource value={source} onChange={choose} initialUsername={user.username_lichess ?? ''} />
      <div className="field">
        <label htmlFor={`${ids}-name`}>Name</label>
        <input id={`${ids}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </div>
      <ExcludeSymbolsField value={exclude} onChange={setExclude} />
      <p className="op-hint op-plan" aria-live="polite">
        {plan}
      </p>
      <div className="op-row op-buttons">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void submit()}
          disabled={status.busy || source.kind === 'none' || full}
        >
          Add to {colorName(color)}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
      <StatusBox text={status.text} busy={status.busy} label="Add source status" />
    </div>
  );
}
