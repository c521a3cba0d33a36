import { serverWords } from '../../../lib/api-client';
import { useState } from 'react';
import { makeExcludeSymbols, parseExcludeSymbols, type ExcludeSymbol } from '../../../../chess/exclude-symbols';
import { StatusBox } from '../../../components/status-box';
import { useUser } from '../../../lib/session';
import { useStudies } from '../../../lib/studies';
import type { Color } from '../api/types';
import { useUpdateStudy, type StudyUpdate } from '../api/update-study';
import { shrinkOf } from '../api/repertoire-sources';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { resolveSource } from '../lib/resolve-source';
import { useStatus } from '../lib/use-status';
import { ExcludeSymbolsField } from './exclude-symbols-field';
import { StudySource, type OpeningSource } from './study-source';

/**
 * Sets the white or black opening (the colour's first source) from a chosen study or PGN file, with
 * the exclude-move indicators; with nothing chosen, 'Set/Refresh' re-fetches that colour's study from
 * Lichess. A replacement keeping less than half the positions is asked about first.
 */
export function SetOpeningForm() {
  const user = useUser();
  const studies = useStudies();
  const updateStudy = useUpdateStudy();
  const [asked, setAsked] = useState<{ values: StudyUpdate; title: string; before: number; after: number }>();
  const [source, setSource] = useState<OpeningSource>({ kind: 'none' });
  const [exclude, setExclude] = useState<ExcludeSymbol[]>([]);
  const { status, begin } = useStatus();

  const setOpening = async (color: Color) => {
    const current = studies.data?.[color] ?? null;
    const run = begin();
    try {
      const resolved = await resolveSource(source, current);
      if (!resolved) {
        run.done('Choose a study or a PGN file first');
        return;
      }
      // With nothing newly chosen, a refresh keeps the study's own exclusions unless boxes are ticked.
      const kept = parseExcludeSymbols(current?.exclude_move_indicators ?? '');
      const symbols = source.kind === 'none' && exclude.length === 0 && kept.isOk ? kept.value : exclude;
      const update: StudyUpdate = {
        color,
        exclude_move_indicators: makeExcludeSymbols(symbols),
        link: resolved.link,
        study_text: resolved.text,
        title: resolved.title,
        last_update: new Date().toISOString(),
      };
      await store(update, resolved.title, run.done);
    } catch (error) {
      run.done(`Could not set the opening: ${serverWords(error)}`);
    }
  };

  const store = async (values: StudyUpdate, title: string, done: (text: string) => unknown) => {
    try {
      await updateStudy.mutateAsync(values);
      done(`Done: ${values.color === 'white' ? 'White' : 'Black'} opening set to ${title}`);
    } catch (error) {
      const shrink = shrinkOf(error);
      if (!shrink) throw error;
      done('');
      setAsked({ values, title, ...shrink });
    }
  };

  const confirmShrink = async () => {
    const values = asked!;
    setAsked(undefined);
    const run = begin();
    try {
      await store({ ...values.values, confirm: 1 }, values.title, run.done);
    } catch (error) {
      run.done(`Could not set the opening: ${serverWords(error)}`);
    }
  };

  return (
    <div className="op-set-opening">
      <StudySource value={source} onChange={setSource} initialUsername={user.username_lichess ?? ''} />
      <ExcludeSymbolsField value={exclude} onChange={setExclude} />
      <p className="op-hint">Set/Refresh replaces the colour's first source; its other sources stay.</p>
      <div className="op-row op-buttons">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void setOpening('white')}
          disabled={status.busy}
        >
          Set/Refresh White Opening
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void setOpening('black')}
          disabled={status.busy}
        >
          Set/Refresh Black Opening
        </button>
      </div>
      <StatusBox text={status.text} busy={status.busy} label="Opening status" />
      <ConfirmDialog
        question={asked && `Replace your first ${asked.values.color} source with fewer positions?`}
        detail={
          asked &&
          `${asked.title} has ${asked.after.toLocaleString('en-US')} positions; the source it replaces has ${asked.before.toLocaleString('en-US')}.`
        }
        confirmLabel="Replace"
        onCancel={() => setAsked(undefined)}
        onConfirm={() => void confirmShrink()}
      />
    </div>
  );
}
