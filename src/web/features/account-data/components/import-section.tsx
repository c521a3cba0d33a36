import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client';
import { parseExportFile, useImportData } from '../api/import-data';
import { importSummary } from '../import-summary';

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
