import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client';
import { type ImportCounts, parseExportFile, useImportData } from '../api/import-data';

const KIND_NAMES: Record<keyof ImportCounts, [string, string]> = {
  game_reviews: ['game review', 'game reviews'],
  mistakes: ['mistake', 'mistakes'],
  cards: ['card', 'cards'],
  review_logs: ['card review', 'card reviews'],
  studies: ['study', 'studies'],
  drill_items: ['drill position', 'drill positions'],
  drill_logs: ['drill answer', 'drill answers'],
  uploaded_stats: ['uploaded statistic', 'uploaded statistics'],
};

/** "Imported 3 cards and 1 study", or that the file held nothing new. */
export function importSummary(counts: ImportCounts): string {
  const parts = (Object.keys(KIND_NAMES) as (keyof ImportCounts)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${KIND_NAMES[kind][counts[kind] === 1 ? 0 : 1]}`);
  if (parts.length === 0) return 'Nothing new: everything in this file is already in your account.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Imported ${list}.`;
}

/** Reads an export file and merges it into the account. */
export function ImportSection() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const importData = useImportData();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setMessage({ text: 'Choose an export file first.', error: true });
    setMessage(null);
    const parsed = parseExportFile(await file.text());
    if (!parsed.ok) return setMessage({ text: parsed.error, error: true });
    try {
      const counts = await importData.mutateAsync(parsed.value);
      setMessage({ text: importSummary(counts), error: false });
    } catch (error) {
      setMessage({ text: `Nothing was imported. ${errorText(error).replace(/^400: /, '')}`, error: true });
    }
  }

  return (
    <section className="card account-section" aria-labelledby="account-import">
      <h2 id="account-import">Import an export</h2>
      <p>
        Adds what the file holds to this account. Nothing you have is overwritten, and importing the same file again
        adds nothing.
      </p>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={inputId}>Export file (.json)</label>
          <input
            id={inputId}
            type="file"
            accept=".json,application/json"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setMessage(null);
            }}
          />
        </div>
        <div className="account-actions">
          <button type="submit" className="button button-primary" disabled={importData.isPending}>
            {importData.isPending ? 'Importing…' : 'Import'}
          </button>
        </div>
        <p
          className={`form-message account-result${message?.error ? ' is-error' : ''}`}
          role={message?.error ? 'alert' : 'status'}
        >
          {message?.text}
        </p>
      </form>
    </section>
  );
}
