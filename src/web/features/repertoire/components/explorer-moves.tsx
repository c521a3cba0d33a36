import type { Color } from '@contract/common';
import type { ExplorerAnswer, ExplorerDb, ExplorerMoveAnswer } from '@contract/repertoire';

type Props = {
  color: Color;
  db: ExplorerDb;
  onDb: (db: ExplorerDb) => void;
  answer: ExplorerAnswer | undefined;
  loading: boolean;
  /** Why the last look-up or read failed, if it did. */
  error: string | undefined;
  lookingUp: boolean;
  /** No Lichess token: nothing can be looked up, cached figures and Mine still show. */
  noToken: boolean;
  busy: boolean;
  /** A starter's tree before it is kept: ✓ marks its moves, and a row's move is followed, never added. */
  readOnly?: boolean;
  onRetry: () => void;
  /** A row's move: followed when the repertoire has it, else added. */
  onChoose: (move: ExplorerMoveAnswer) => void;
};

const TABS: { db: ExplorerDb; label: string }[] = [
  { db: 'lichess', label: 'Lichess' },
  { db: 'masters', label: 'Masters' },
  { db: 'mine', label: 'Mine' },
];

const percent = (share: number) => `${Math.round(share * 100)}%`;
const filterText = (list: string) => list.split(',').filter(Boolean).join(', ');
const dayText = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '–';

const WHERE: Record<ExplorerDb, (answer: NonNullable<ExplorerAnswer>) => string> = {
  lichess: (a) => `${filterText(a.speeds)}; ${filterText(a.ratings)}`,
  masters: () => 'over-the-board games of masters',
  mine: () => 'your saved games',
};

const NONE: Record<ExplorerDb, string> = {
  lichess: 'No games reach this position at your speeds and bands.',
  masters: 'No master game reaches this position.',
  mine: 'None of your saved games with this colour reached this position.',
};

/** The explorer's moves at the position: Lichess at the player's speeds and bands, Masters, or their own games. */
export function ExplorerMoves(props: Props) {
  const {
    color,
    db,
    onDb,
    answer,
    loading,
    error,
    lookingUp,
    noToken,
    busy,
    readOnly = false,
    onRetry,
    onChoose,
  } = props;
  const mine = db === 'mine';
  return (
    <section className="ws-box" aria-labelledby="ws-explorer-title" aria-busy={loading || lookingUp}>
      <h2 id="ws-explorer-title" className="ws-box-title">
        Explorer
        {answer && <span className="ws-where">{mine ? `your games as ${color}` : WHERE[db](answer)}</span>}
      </h2>
      <div className="ws-tabs" role="tablist" aria-label="Explorer database">
        {TABS.map((tab) => (
          <button
            key={tab.db}
            type="button"
            role="tab"
            id={`ws-tab-${tab.db}`}
            aria-selected={db === tab.db}
            aria-controls="ws-explorer-panel"
            className={`ws-tab${db === tab.db ? ' is-current' : ''}`}
            onClick={() => onDb(tab.db)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="ws-explorer-panel" role="tabpanel" aria-labelledby={`ws-tab-${db}`}>
        {error && (
          <div className="ws-lookup">
            <p className="form-message is-error" role="alert">
              {error}
            </p>
            <button type="button" className="button" onClick={onRetry} disabled={lookingUp}>
              Try again
            </button>
          </div>
        )}
        {loading ? (
          <p className="muted ws-empty">Reading the explorer…</p>
        ) : !answer ? (
          lookingUp ? (
            <p className="muted ws-empty">Looking the position up on Lichess…</p>
          ) : noToken ? (
            <p className="muted ws-empty" data-testid="explorer-no-token">
              Not looked up yet. Connect Lichess on Manage Openings to see Lichess and Masters figures for every
              position; Mine shows your own games now.
            </p>
          ) : error ? null : (
            <p className="muted ws-empty">Not looked up yet.</p>
          )
        ) : answer.moves.length === 0 ? (
          <p className="muted ws-empty">{NONE[db]}</p>
        ) : (
          <>
            <div className={`ws-ex-head${mine ? ' is-mine' : ''}`} aria-hidden="true">
              <span>Move</span>
              <span>Games</span>
              <span>{mine ? 'Last' : 'Share'}</span>
              <span>White / draw / Black</span>
            </div>
            <ol className="ws-ex-rows" aria-label={`${TABS.find((t) => t.db === db)?.label} moves`}>
              {answer.moves.map((m) => (
                <li key={m.uci}>
                  <button
                    type="button"
                    className={`ws-ex-row${m.in_repertoire ? ' is-in' : ''}${mine ? ' is-mine' : ''}`}
                    disabled={busy}
                    onClick={() => onChoose(m)}
                    aria-label={`${m.in_repertoire || readOnly ? 'Go to' : 'Add'} ${m.san}: ${m.games.toLocaleString('en-US')} games, ${mine ? `last played ${dayText(m.last_played)}` : percent(m.share)}, your score ${percent(m.score)}`}
                    data-testid="explorer-move"
                  >
                    <span className="ws-ex-san">
                      {m.san}
                      {m.in_repertoire && <span className="ws-in-mark"> ✓</span>}
                    </span>
                    <span className="ws-ex-num">{m.games.toLocaleString('en-US')}</span>
                    <span className="ws-ex-num">{mine ? dayText(m.last_played) : percent(m.share)}</span>
                    <ResultBar move={m} color={color} />
                  </button>
                </li>
              ))}
            </ol>
            <p className="ws-legend muted">
              ✓ in {readOnly ? 'the starter' : 'your repertoire'} · click a move to{' '}
              {!readOnly && answer.moves.some((m) => !m.in_repertoire) ? 'add it' : 'go there'}
            </p>
          </>
        )}
      </div>
    </section>
  );
}

/** White wins, draws and Black wins as one bar, with the player's score written beside it. */
function ResultBar({ move, color }: { move: ExplorerMoveAnswer; color: Color }) {
  const games = Math.max(1, move.white + move.draws + move.black);
  const part = (n: number) => `${(n / games) * 100}%`;
  return (
    <span className="ws-result">
      <span
        className="ws-bar"
        title={`White ${percent(move.white / games)}, draws ${percent(move.draws / games)}, Black ${percent(move.black / games)}`}
      >
        <span className="ws-bar-white" style={{ width: part(move.white) }} />
        <span className="ws-bar-draw" style={{ width: part(move.draws) }} />
        <span className="ws-bar-black" style={{ width: part(move.black) }} />
      </span>
      <span className="ws-score">
        {percent(move.score)}
        <span className="visually-hidden"> score for {color}</span>
      </span>
    </span>
  );
}
