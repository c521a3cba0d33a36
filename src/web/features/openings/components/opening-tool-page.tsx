import { useId, useRef, useState } from 'react';
import type { ExcludeSymbol } from '../../../../chess/exclude-symbols';
import type { CoveragePosition } from '../../../../chess/coverage';
import { StatusBox } from '../../../components/status-box';
import { usePageTitle } from '../../../lib/page-title';
import { useUser } from '../../../lib/session';
import { checkOpeningText, consistencyCheck } from '../api/opening-checks';
import { gameTitle, type GameRecord } from '../api/recent-games';
import type { Color, OpeningInput } from '../api/types';
import { defaultFilters, type Filters } from '../lib/filters';
import {
  CHOOSE_OPENING_FILE,
  NO_INCONSISTENCIES,
  NO_OPENING_ENTERED,
  SELECT_GAME_FILE,
  SELECT_OPENING_FILE,
  sorryText,
} from '../lib/messages';
import { readChosenFile } from '../lib/read-file';
import { resolveSource } from '../lib/resolve-source';
import { useCoverage } from '../lib/use-coverage';
import { useStatus } from '../lib/use-status';
import { ColorField } from './color-field';
import { CoverageConfirm } from './coverage-confirm';
import { CoverageReportView } from './coverage-report';
import { ExcludeSymbolsField } from './exclude-symbols-field';
import { FiltersField } from './filters-field';
import { GamePicker } from './game-picker';
import { LichessConnection } from './lichess-connection';
import { StudySource, type OpeningSource } from './study-source';
import '../openings.css';

/** /opening_tool: the standalone opening tool with its three actions on any opening and game. */
export function OpeningToolPage() {
  usePageTitle('Opening Tool');
  const ids = useId();
  const user = useUser();
  const [source, setSource] = useState<OpeningSource>({ kind: 'none' });
  const [color, setColor] = useState<Color>('white');
  const [exclude, setExclude] = useState<ExcludeSymbol[]>([]);
  const [picked, setPicked] = useState<GameRecord>();
  const [gameFile, setGameFile] = useState<File>();
  const [pasted, setPasted] = useState('');
  const gameFileInput = useRef<HTMLInputElement>(null);
  const [filters, setFilters] = useState<Filters>(defaultFilters);
  const [results, setResults] = useState('');
  const status = useStatus();
  const coverage = useCoverage(status);

  const hasOpening = source.kind !== 'none';
  const opening = async (): Promise<OpeningInput | undefined> => {
    const resolved = await resolveSource(source, null);
    return resolved && { text: resolved.text, color, excludeSymbols: exclude, name: resolved.title };
  };

  // A game file or pasted text comes first; a retrieved-game pick is the other source.
  const game = async (): Promise<{ text: string; name?: string } | undefined> => {
    const fromFile = await readChosenFile(gameFile);
    if (fromFile) return { text: fromFile, name: gameFile?.name };
    if (pasted.trim() !== '') return { text: pasted };
    if (picked) return { text: picked.pgn, name: gameTitle(picked) };
    return undefined;
  };

  const runConsistency = async () => {
    coverage.reset();
    if (!hasOpening) {
      setResults(CHOOSE_OPENING_FILE);
      status.show('');
      return;
    }
    const run = status.begin();
    try {
      const input = await opening();
      if (!input) throw new Error('The opening file is empty');
      const answer = await consistencyCheck(input);
      setResults(answer.results || NO_INCONSISTENCIES);
    } catch (error) {
      setResults(sorryText(error));
    }
    run.done();
  };

  const runComparison = async () => {
    coverage.reset();
    const gameInput = await game();
    const missing = [!hasOpening && SELECT_OPENING_FILE, !gameInput && SELECT_GAME_FILE].filter(Boolean);
    if (missing.length > 0) {
      setResults(missing.join('\n'));
      status.show('');
      return;
    }
    const run = status.begin();
    try {
      const input = await opening();
      if (!input) throw new Error('The opening file is empty');
      setResults(await checkOpeningText(input, gameInput!.text, gameInput!.name));
    } catch (error) {
      setResults(sorryText(error));
    }
    run.done();
  };

  const runCoverage = async () => {
    coverage.reset();
    if (!hasOpening) {
      setResults(NO_OPENING_ENTERED);
      status.show(NO_OPENING_ENTERED);
      return;
    }
    setResults('');
    try {
      const input = await opening();
      if (!input) throw new Error('The opening file is empty');
      await coverage.prepare(input, filters);
    } catch (error) {
      setResults(sorryText(error));
    }
  };

  const chooseGameFile = (file: File | undefined) => {
    if (!file) return;
    // Spec 4: choosing a game file clears the pasted text.
    setGameFile(file);
    setPasted('');
  };

  const shownResults = coverage.error ?? coverage.result?.results ?? results;
  return (
    <div className="page op-page op-tool">
      <h1>Opening Tool</h1>
      <div className="op-columns">
        <div className="op-column">
          <section className="card op-section" aria-labelledby={`${ids}-study`}>
            <h2 id={`${ids}-study`}>Set Study</h2>
            <LichessConnection />
            <StudySource value={source} onChange={setSource} initialUsername={user.username_lichess ?? ''} />
          </section>
          <section className="card op-section" aria-labelledby={`${ids}-props`}>
            <h2 id={`${ids}-props`}>Set Opening Properties</h2>
            <ColorField name="tool-color" value={color} onChange={setColor} />
            <ExcludeSymbolsField value={exclude} onChange={setExclude} legend="Exclude moves marked" />
            <button type="button" className="button button-primary" onClick={() => void runConsistency()} disabled={status.status.busy}>
              Consistency Check
            </button>
          </section>
        </div>
        <div className="op-column">
          <section className="card op-section" aria-labelledby={`${ids}-game`}>
            <h2 id={`${ids}-game`}>Select Game To Compare to Opening</h2>
            <GamePicker value={picked} onChange={setPicked} onStatus={(text, busy) => (busy ? status.begin(text) : status.show(text))} />
            <div className="field">
              <label htmlFor={`${ids}-gamefile`}>PGN game file</label>
              <input
                id={`${ids}-gamefile`}
                ref={gameFileInput}
                type="file"
                accept=".pgn,.txt,application/x-chess-pgn,text/plain"
                onChange={(e) => chooseGameFile(e.target.files?.[0])}
              />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-paste`}>Or paste a game's PGN</label>
              <textarea
                id={`${ids}-paste`}
                rows={4}
                value={pasted}
                onChange={(e) => {
                  setPasted(e.target.value);
                  if (e.target.value !== '' && gameFileInput.current) {
                    gameFileInput.current.value = '';
                    setGameFile(undefined);
                  }
                }}
              />
            </div>
            <button type="button" className="button button-primary" onClick={() => void runComparison()} disabled={status.status.busy}>
              Run Comparision
            </button>
          </section>
          <section className="card op-section" aria-labelledby={`${ids}-coverage`}>
            <h2 id={`${ids}-coverage`}>Calculate Coverage (optional)</h2>
            <FiltersField value={filters} onChange={setFilters} />
            <p className="op-hint">
              Note: the coverage check asks Lichess for statistics on each position with your opponent to move that is not cached
              yet, about 1.5 s per position (about 30 minutes for 1200 positions).
            </p>
            <button type="button" className="button button-primary" onClick={() => void runCoverage()} disabled={status.status.busy}>
              Coverage Check
            </button>
          </section>
        </div>
      </div>
      <section className="card op-section" aria-labelledby={`${ids}-results`}>
        <h2 id={`${ids}-results`}>Results</h2>
        <StatusBox text={status.status.text} busy={status.status.busy} />
        <pre className="op-pre op-results-pre" aria-label="Results area" aria-live="polite">
          {shownResults}
        </pre>
        {coverage.result && coverage.result.report.length > 0 && (
          <CoverageReportView positions={coverage.result.report as CoveragePosition[]} orientation={coverage.result.color} />
        )}
      </section>
      <CoverageConfirm plan={coverage.plan} onProceed={() => void coverage.proceed()} onCancel={coverage.cancel} />
    </div>
  );
}
