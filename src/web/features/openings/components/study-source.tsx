import { serverWords } from '../../../lib/api-client';
import { useId, useRef, useState } from 'react';
import { listLichessStudies } from '../api/lichess-studies';
import type { StudySummary } from '../api/types';
import { NO_STUDIES_RETRIEVED, NONE_SELECTED } from '../lib/messages';

/** Where an opening comes from: a Lichess study, an uploaded PGN file, or nothing yet. */
export type OpeningSource =
  { kind: 'none' } | { kind: 'study'; id: string; name: string } | { kind: 'file'; file: File };

type Props = {
  value: OpeningSource;
  onChange: (source: OpeningSource) => void;
  /** The Lichess username to start with (the user's saved one). */
  initialUsername?: string;
};

/**
 * A Lichess username with 'Get Studies', the study list, and a PGN file upload. Choosing a
 * study clears the file; choosing a file clears the study.
 */
export function StudySource({ value, onChange, initialUsername = '' }: Props) {
  const ids = useId();
  const [username, setUsername] = useState(initialUsername);
  const [studies, setStudies] = useState<StudySummary[]>([]);
  const [message, setMessage] = useState<string>();
  const [loading, setLoading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const getStudies = async () => {
    const name = username.trim();
    if (!name) {
      setMessage('Enter a Lichess username');
      return;
    }
    setLoading(true);
    setMessage(undefined);
    try {
      const list = await listLichessStudies(name);
      setStudies(list);
      if (list.length === 0) setMessage(`No studies found for ${name}`);
    } catch (error) {
      setStudies([]);
      setMessage(serverWords(error));
    } finally {
      setLoading(false);
    }
  };

  const chooseStudy = (id: string) => {
    const study = studies.find((s) => s.id === id);
    if (fileInput.current) fileInput.current.value = '';
    onChange(study ? { kind: 'study', id: study.id, name: study.name } : { kind: 'none' });
  };

  const chooseFile = (file: File | undefined) => {
    // A chosen file whose value is empty is ignored.
    if (!file) return;
    onChange({ kind: 'file', file });
  };

  const selected = value.kind === 'study' ? value.id : '';
  return (
    <div className="op-source">
      <div className="op-row">
        <div className="field op-grow">
          <label htmlFor={`${ids}-user`}>Lichess username</label>
          <input
            id={`${ids}-user`}
            value={username}
            autoComplete="off"
            onChange={(e) => setUsername(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void getStudies()}
          />
        </div>
        <button type="button" className="button" onClick={() => void getStudies()} disabled={loading}>
          Get Studies
        </button>
      </div>
      {message && (
        <p className="form-message" role="status">
          {message}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${ids}-list`}>Studies</label>
        <select
          id={`${ids}-list`}
          className="op-list"
          size={6}
          value={selected}
          onChange={(e) => chooseStudy(e.target.value)}
        >
          <option value="">{studies.length === 0 ? NO_STUDIES_RETRIEVED : NONE_SELECTED}</option>
          {studies.map((study) => (
            <option key={study.id} value={study.id}>
              {study.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-file`}>Or upload a PGN opening file</label>
        <input
          id={`${ids}-file`}
          ref={fileInput}
          type="file"
          accept=".pgn,.txt,application/x-chess-pgn,text/plain"
          onChange={(e) => chooseFile(e.target.files?.[0])}
        />
      </div>
      <p className="op-hint" aria-live="polite">
        {value.kind === 'study' && (
          <>
            Selected study: <strong>{value.name}</strong>
          </>
        )}
        {value.kind === 'file' && (
          <>
            Selected file: <strong>{value.file.name}</strong>
          </>
        )}
        {value.kind === 'none' && 'No opening chosen yet.'}
      </p>
    </div>
  );
}
