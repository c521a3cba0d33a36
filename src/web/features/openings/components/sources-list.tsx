import { serverWords } from '../../../lib/api-client';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatusBox } from '../../../components/status-box';
import {
  patchSource,
  refreshSource,
  removeSource,
  shrinkOf,
  useSourceMutation,
  useSources,
  type RepertoireSourceView,
} from '../api/repertoire-sources';
import type { Color } from '../api/types';
import { useStatus } from '../lib/use-status';

const colorName = (color: Color) => (color === 'white' ? 'White' : 'Black');
const count = (n: number) => n.toLocaleString('en-US');

type Question =
  | { kind: 'remove'; source: RepertoireSourceView }
  | { kind: 'shrink'; source: RepertoireSourceView; before: number; after: number };

/** A colour's repertoire sources: each can be renamed, switched off and on, refreshed and removed. */
export function SourcesList({ color }: { color: Color }) {
  const sources = useSources(color);
  const { status, begin } = useStatus();
  const [question, setQuestion] = useState<Question>();
  const patch = useSourceMutation(color, (args: { id: number; name?: string; enabled?: boolean }) =>
    patchSource(args.id, { name: args.name, enabled: args.enabled }),
  );
  const remove = useSourceMutation(color, removeSource);
  const refresh = useSourceMutation(color, (args: { id: number; confirm: boolean }) =>
    refreshSource(args.id, args.confirm),
  );

  const act = async (working: string, run: () => Promise<unknown>, done: string) => {
    const step = begin(working);
    try {
      await run();
      step.done(done);
    } catch (error) {
      step.done(`Not changed: ${serverWords(error)}`);
    }
  };

  const doRefresh = async (source: RepertoireSourceView, confirm: boolean) => {
    const step = begin(`Refreshing ${source.name} from Lichess`);
    try {
      const answer = await refresh.mutateAsync({ id: source.id, confirm });
      step.done(`Refreshed ${source.name}: ${count(answer.api_data.positions)} positions`);
    } catch (error) {
      const shrink = shrinkOf(error);
      if (shrink) {
        step.done('');
        setQuestion({ kind: 'shrink', source, ...shrink });
      } else step.done(`Not refreshed: ${serverWords(error)}`);
    }
  };

  const list = sources.data ?? [];
  const title = `${colorName(color)} sources`;
  return (
    <section className="op-sources" aria-label={title} data-color={color}>
      <h3>
        {title} <span className="op-meta">({list.length} of 8)</span>
      </h3>
      {sources.isPending && <p className="muted">Loading sources…</p>}
      {!sources.isPending && list.length === 0 && <p className="muted">No {color} source yet.</p>}
      <ul className="op-source-list">
        {list.map((source) => (
          <SourceItem
            key={source.id}
            source={source}
            busy={status.busy}
            onRename={(name) =>
              void act('Renaming', () => patch.mutateAsync({ id: source.id, name }), `Renamed to ${name}`)
            }
            onToggle={(enabled) =>
              void act(
                enabled ? 'Switching on' : 'Switching off',
                () => patch.mutateAsync({ id: source.id, enabled }),
                `${source.name} is ${enabled ? 'on' : 'off'}`,
              )
            }
            onRefresh={() => void doRefresh(source, false)}
            onRemove={() => setQuestion({ kind: 'remove', source })}
          />
        ))}
      </ul>
      <StatusBox text={status.text} busy={status.busy} label={`${title} status`} />
      <ConfirmDialog
        question={
          question?.kind === 'remove'
            ? `Remove ${question.source.name}?`
            : question && `Replace ${question.source.name} with fewer positions?`
        }
        detail={
          question?.kind === 'remove'
            ? `Its positions leave your ${color} repertoire and drill; their drill history is kept and comes back if you add it again.`
            : question &&
              `Lichess now has ${count(question.after)} positions in this study; your copy has ${count(question.before)}. Replace it anyway?`
        }
        confirmLabel={question?.kind === 'remove' ? 'Remove' : 'Replace'}
        onCancel={() => setQuestion(undefined)}
        onConfirm={() => {
          const asked = question;
          setQuestion(undefined);
          if (asked?.kind === 'remove')
            void act('Removing', () => remove.mutateAsync(asked.source.id), `Removed ${asked.source.name}`);
          else if (asked) void doRefresh(asked.source, true);
        }}
      />
    </section>
  );
}

type ItemProps = {
  source: RepertoireSourceView;
  busy: boolean;
  onRename: (name: string) => void;
  onToggle: (enabled: boolean) => void;
  onRefresh: () => void;
  onRemove: () => void;
};

function SourceItem({ source, busy, onRename, onToggle, onRefresh, onRemove }: ItemProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(source.name);
  const save = () => {
    setEditing(false);
    const next = name.trim();
    if (next && next !== source.name) onRename(next);
    else setName(source.name);
  };
  return (
    <li className={`op-source-item${source.enabled ? '' : ' is-off'}`}>
      <div className="op-source-head">
        <label className="op-switch">
          <input
            type="checkbox"
            role="switch"
            checked={source.enabled}
            disabled={busy}
            onChange={(e) => onToggle(e.target.checked)}
            aria-label={`Use ${source.name}`}
          />
          <span aria-hidden="true">{source.enabled ? 'On' : 'Off'}</span>
        </label>
        {editing ? (
          <input
            className="op-source-rename"
            value={name}
            maxLength={200}
            aria-label="Source name"
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onBlur={save}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
              if (e.key === 'Escape') {
                setName(source.name);
                setEditing(false);
              }
            }}
          />
        ) : (
          <strong className="op-source-name">{source.name}</strong>
        )}
      </div>
      <p className="op-meta">
        {source.kind === 'lichess' && source.link ? (
          <a href={source.link} target="_blank" rel="noreferrer">
            Lichess study
          </a>
        ) : (
          'PGN file'
        )}
        {` · ${count(source.positions)} positions`}
        {source.exclusions ? ` · excluding ${source.exclusions.split(',').join(' ')}` : ''}
        {source.enabled ? '' : ' · switched off'}
      </p>
      <div className="op-row op-source-actions">
        <button type="button" className="button" onClick={() => setEditing(true)} disabled={busy || editing}>
          Rename
        </button>
        {source.kind === 'lichess' && (
          <button type="button" className="button" onClick={onRefresh} disabled={busy}>
            Refresh
          </button>
        )}
        <button type="button" className="button" onClick={onRemove} disabled={busy}>
          Remove
        </button>
      </div>
    </li>
  );
}
