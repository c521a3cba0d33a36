import type { Color } from '@contract/common';
import type { ExplorerAnswer, ExplorerMoveAnswer } from '@contract/repertoire';

type Props = {
  color: Color;
  answer: ExplorerAnswer | undefined;
  loading: boolean;
  /** Why the last look-up or read failed, if it did. */
  error: string | undefined;
  lookingUp: boolean;
  busy: boolean;
  onLookUp: () => void;
  /** A row's move: followed when the repertoire has it, else added. */
  onChoose: (move: ExplorerMoveAnswer) => void;
};

const percent = (share: number) => `${Math.round(share * 100)}%`;
const filterText = (list: string) => list.split(',').filter(Boolean).join(', ');

/** The explorer's moves at the position for the player's speeds and bands, from the shared cache. */
export function ExplorerMoves({ color, answer, loading, error, lookingUp, busy, onLookUp, onChoose }: Props) {
  return (
    <section className="ws-box" aria-labelledby="ws-explorer-title" aria-busy={loading || lookingUp}>
      <h2 id="ws-explorer-title" className="ws-box-title">
        Explorer
        {answer && (
          <span className="ws-where">
            {filterText(answer.speeds)}; {filterText(answer.ratings)}
          </span>
        )}
      </h2>
      {error && (
        <p className="form-message is-error" role="alert">
          {error}
        </p>
      )}
      {loading ? (
        <p className="muted ws-empty">Reading the explorer cache…</p>
      ) : !answer ? (
        <div className="ws-lookup">
          <p className="muted ws-empty">Not looked up yet at your speeds and bands.</p>
          <button type="button" className="button" onClick={onLookUp} disabled={lookingUp}>
            {lookingUp ? 'Looking up…' : 'Look up'}
          </button>
        </div>
      ) : answer.moves.length === 0 ? (
        <p className="muted ws-empty">No games reach this position at your speeds and bands.</p>
      ) : (
        <>
          <div className="ws-ex-head" aria-hidden="true">
            <span>Move</span>
            <span>Games</span>
            <span>Share</span>
            <span>White / draw / Black</span>
          </div>
          <ol className="ws-ex-rows" aria-label="Explorer moves">
            {answer.moves.map((m) => (
              <li key={m.uci}>
                <button
                  type="button"
                  className={`ws-ex-row${m.in_repertoire ? ' is-in' : ''}`}
                  disabled={busy}
                  onClick={() => onChoose(m)}
                  aria-label={`${m.in_repertoire ? 'Go to' : 'Add'} ${m.san}: ${m.games.toLocaleString('en-US')} games, ${percent(m.share)}, your score ${percent(m.score)}`}
                  data-testid="explorer-move"
                >
                  <span className="ws-ex-san">
                    {m.san}
                    {m.in_repertoire && <span className="ws-in-mark"> ✓</span>}
                  </span>
                  <span className="ws-ex-num">{m.games.toLocaleString('en-US')}</span>
                  <span className="ws-ex-num">{percent(m.share)}</span>
                  <ResultBar move={m} color={color} />
                </button>
              </li>
            ))}
          </ol>
          <p className="ws-legend muted">
            ✓ in your repertoire · click a move to {answer.moves.some((m) => !m.in_repertoire) ? 'add it' : 'go there'}
          </p>
        </>
      )}
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
