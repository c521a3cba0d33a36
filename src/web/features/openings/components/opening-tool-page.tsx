import { useEffect, useId, useRef, useState } from 'react';
import type { ExcludeSymbol } from '../../../../chess/exclude-symbols';
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
import { colorMismatchText, heroColorFromPgn } from '../lib/hero-color';
import { readChosenFile } from '../lib/read-file';
import { resolveSource } from '../lib/resolve-source';
import { useCoverage } from '../lib/use-coverage';
import { useStatus } from '../lib/use-status';
import { ColorField } from './color-field';
import { CoverageConfirm } from './coverage-confirm';
import { CoverageLive, type CoverageActions } from './coverage-live';
import { ExcludeSymbolsField } from './exclude-symbols-field';
import { FiltersField } from './filters-field';
import { GamePicker } from './game-picker';
import { LichessConnection } from './lichess-connection';
import { StudySource, type OpeningSource } from './study-source';
import '../openings.css';

/** /opening_tool: the standalone opening tool with its three actions on any opening and game. */
export function OpeningToolPage(actions: CoverageActions = {}) {
  usePageTitle('Opening Tool');
  const ids = useId();
  const user = useUser();
  const [source, setSource] = useState<OpeningSource>({ kind: 'none' });
  const [color, setColor] = useState<Color>('white');
  const [exclude, setExclude] = useState<ExcludeSymbol[]>([]);
  const [picked, setPicked] = useState<GameRecord>();
  const [gameFile, setGameFile] = useState<File>();
  const [pasted, setPasted] = useState('');
  const [pickerUsername, setPickerUsername] = useState(user.username_lichess ?? user.username_chess_dot_com ?? '');
  const gameFileInput = useRef<HTMLInputElement>(null);
  const [filters, setFilters] = useState<Filters>(defaultFilters);
  const [results, setResults] = useState('');
  const status = useStatus();
  // The tool shows only checks started here, not the last one from Manage Openings.
  const coverage = useCoverage(status, color, { storedRun: false });

  const hasOpening = source.kind !== 'none';
  const opening = async (asColor: Color = color): Promise<OpeningInput | undefined> => {
    const resolved = await resolveSource(source, null);
    return resolved && { text: resolved.text, color: asColor, excludeSymbols: exclude, name: resolved.title };
  };

  // A game file or pasted text comes first; a retrieved-game pick is the other source. The colour is
  // the player's in that game: the pick says so, a PGN says so when its tags name the player;
  // otherwise it is the colour chosen for the opening (never asked a second time).
  const game = async (): Promise<{ text: string; name?: string; color?: Color } | undefined> => {
    const names = [pickerUsername, user.username_lichess, user.username_chess_dot_com, user.username];
    const fromFile = await readChosenFile(gameFile);
    if (fromFile) return { text: fromFile, name: gameFile?.name, color: heroColorFromPgn(fromFile, names) };
    if (pasted.trim() !== '') return { text: pasted, color: heroColorFromPgn(pasted, names) };
    if (picked)
      return { text: picked.pgn, name: gameTitle(picked), color: picked.hero_color === 'Black' ? 'black' : 'white' };
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
    let gameInput: Awaited<ReturnType<typeof game>>;
    try {
      gameInput = await game();
    } catch (error) {
      setResults(sorryText(error));
      status.show('');
      return;
    }
    const missing = [!hasOpening && SELECT_OPENING_FILE, !gameInput && SELECT_GAME_FILE].filter(Boolean);
    if (missing.length > 0) {
      setResults(missing.join('\n'));
      status.show('');
      return;
    }
    const heroColor = gameInput!.color ?? color;
    const run = status.begin();
    try {
      const input = await opening(heroColor);
      if (!input) throw new Error('The opening file is empty');
      const text = await checkOpeningText(input, gameInput!.text, gameInput!.name);
      setResults(heroColor === color ? text : `${colorMismatchText(heroColor, color)}\n${text}`);
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
    // Choosing a game file clears the pasted text.
    setGameFile(file);
    setPasted('');
  };

  const shownResults = coverage.error ?? coverage.result?.results ?? results;
  // Results and messages appear at the foot of the page: bring them into view when they change.
  const resultsSection = useRef<HTMLElement>(null);
  const busy = status.status.busy;
  useEffect(() => {
    const section = resultsSection.current;
    if (!section || (shownResults === '' && !busy)) return;
    const box = section.getBoundingClientRect();
    if (box.top > window.innerHeight - 80 || box.bottom < 0)
      section.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [shownResults, busy]);
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
            <button
              type="button"
              className="button button-primary"
              onClick={() => void runConsistency()}
              disabled={status.status.busy}
            >
              Consistency Check
            </button>
          </section>
        </div>
        <div className="op-column">
          <section className="card op-section" aria-labelledby={`${ids}-game`}>
            <h2 id={`${ids}-game`}>Select Game To Compare to Opening</h2>
            <GamePicker
              value={picked}
              onChange={setPicked}
              onStatus={(text, busy) => (busy ? status.begin(text) : status.show(text))}
              onUsernameChange={setPickerUsername}
            />
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
            {/* The label keeps its established spelling; the accessible name is spelt right. */}
            <button
              type="button"
              className="button button-primary"
              aria-label="Run Comparison"
              onClick={() => void runComparison()}
              disabled={status.status.busy}
            >
              Run Comparision
            </button>
          </section>
          <section className="card op-section" aria-labelledby={`${ids}-coverage`}>
            <h2 id={`${ids}-coverage`}>Calculate Coverage (optional)</h2>
            <FiltersField value={filters} onChange={setFilters} />
            <p className="op-hint">
              Note: the coverage check asks Lichess for statistics on each position with your opponent to move that is
              not cached yet, about 1.5 s per position (about 30 minutes for 1200 positions).
            </p>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void runCoverage()}
              disabled={status.status.busy}
            >
              Coverage Check
            </button>
          </section>
        </div>
      </div>
      <section ref={resultsSection} className="card op-section" aria-labelledby={`${ids}-results`}>
        <h2 id={`${ids}-results`}>Results</h2>
        <StatusBox text={status.status.text} busy={status.status.busy} />
        <pre className="op-pre op-results-pre" aria-label="Results area" aria-live="polite">
          {shownResults}
        </pre>
        <CoverageLive
          run={coverage.run}
          repertoire={coverage.repertoire}
          onStop={() => void coverage.stop()}
          {...actions}
        />
      </section>
      <CoverageConfirm
        plan={coverage.plan}
        onProceed={() => void coverage.proceed()}
        onCancel={() => {
          // A cancelled run leaves no earlier status behind.
          coverage.cancel();
          status.show('');
        }}
      />
    </div>
  );
}
