import { useState } from 'react';
import { Link } from 'react-router';
import { makeLinePgn } from '../../../../chess/pgn-write';
import { Board } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { useBands } from '../api/get-bands';
import { useSavePlayOn } from '../api/save-play-on';
import { EXPLORER_MIN_GAMES } from '../lib/explorer-pick';
import { endText, turnOf } from '../lib/play-on-game';
import { usePlayOn, type Opponent, type PlayOnStart } from '../lib/use-play-on';
import '../play-on.css';

export type PlayOnProps = PlayOnStart & {
  /** Leaves the game (Stop, or Back once it is over). */
  onClose: () => void;
  /** What leaving goes back to, e.g. 'the drill'. */
  backTo: string;
  /** Game review at a saved review. */
  reviewHref: (id: number) => string;
};

const SIDE = { white: 'White', black: 'Black' } as const;
/** The bands could not be read: the explorer's defaults, and the engine at 1500. */
const NO_BANDS = { speeds: '', ratings: '' };

const opponentName = (opponent: Opponent, elo: number) =>
  opponent.kind === 'engine' ? `Explorer, then Stockfish (about ${elo})` : 'Explorer opponent';

/**
 * Play on from the end of a line: the player against the explorer's moves at their bands, then
 * Stockfish at about their strength; the game can be saved as a game review.
 */
export function PlayOn({ color, startFen, line, onClose, backTo, reviewHref }: PlayOnProps) {
  const bands = useBands(color);
  const game = usePlayOn({ color, startFen, line }, bands.data ?? (bands.isError ? NO_BANDS : undefined));
  const user = useUser();
  const save = useSavePlayOn();
  /** The saved review and the state of the game it holds (moves and end). */
  const [saved, setSaved] = useState<{ id: number; state: string }>();
  const [note, setNote] = useState('');
  const [startedAt] = useState(() => new Date());
  const { moves, end, opponent, elo } = game;
  const last = moves[moves.length - 1] ?? game.lineMoves[game.lineMoves.length - 1];
  const turn = turnOf(game.fen);
  const lineEnd = game.lineMoves[game.lineMoves.length - 1]?.fen ?? startFen;
  const lineText = makeLinePgn(
    startFen,
    game.lineMoves.map((m) => m.san),
  );
  const playedText = makeLinePgn(
    lineEnd,
    moves.map((m) => m.san),
  );
  const state = `${moves.length}|${end?.reason ?? ''}`;
  const upToDate = saved !== undefined && saved.state === state;

  const onSave = () => {
    const record = {
      startFen,
      line: game.lineMoves.map((m) => m.san),
      played: moves.map((m) => m.san),
      hero: color,
      heroName: user.username,
      opponentName: opponentName(opponent, elo),
      end,
      playedAt: startedAt,
    };
    save.mutate({ record, id: saved?.id }, { onSuccess: (review) => setSaved({ id: review.id, state }) });
  };

  return (
    <div className="board-layout play-on" data-testid="play-on">
      <div className="board-layout-main">
        {/* Over the board, so a phone shows whose move it is without scrolling. */}
        <p className="play-on-turn" aria-live="polite" data-testid="play-on-turn">
          {end
            ? 'Game over'
            : game.yourTurn
              ? `${SIDE[turn]} to move: your move`
              : `${SIDE[turn]} to move: ${bands.isPending ? 'getting ready…' : 'the opponent is thinking…'}`}
        </p>
        <Board
          id="play-on-board"
          fen={game.fen}
          orientation={color}
          onMove={game.yourTurn ? game.play : undefined}
          onIllegalMove={setNote}
          lastMove={last && { from: last.from, to: last.to }}
          label={`Play on board, ${turn} to move`}
          fitViewport
        />
      </div>
      <section className="board-layout-side play-on-side" aria-labelledby="play-on-title">
        <h2 id="play-on-title" className="play-on-title">
          Play on
        </h2>
        {end && (
          <p className="play-on-end" role="status" data-testid="play-on-end">
            {endText(end, color)}
          </p>
        )}
        <p className="play-on-opponent" data-testid="play-on-opponent">
          <OpponentText opponent={opponent} elo={elo} />
        </p>
        <p className="play-on-moves" data-testid="play-on-moves">
          {lineText && <span className="play-on-line">{lineText}</span>}
          {lineText && playedText && ' '}
          {playedText ? (
            <span className="play-on-played">{playedText}</span>
          ) : (
            <span className="muted">{lineText ? 'Played on from here.' : 'From the start.'}</span>
          )}
        </p>
        {note && !end && <p className="play-on-note muted">{note}</p>}
        {game.error && (
          <p className="form-message is-error" role="alert">
            The opponent could not move: {game.error}.{' '}
            <button type="button" className="link-button" onClick={game.retry}>
              Try again
            </button>
          </p>
        )}
        <div className="play-on-actions">
          {moves.length > 0 && !upToDate && (
            <button
              type="button"
              className="button button-primary"
              disabled={save.isPending || game.thinking}
              onClick={onSave}
            >
              {saved ? 'Save the changes' : 'Save as a game review'}
            </button>
          )}
          {!end && (
            <button type="button" className="button" disabled={!game.yourTurn} onClick={game.resign}>
              Resign
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            {end ? `Back to ${backTo}` : 'Stop'}
          </button>
        </div>
        {save.isError && (
          <p className="form-message is-error" role="alert">
            Not saved: {errorText(save.error).replace(/^\d+: /, '')}
          </p>
        )}
        {saved && (
          <p className="form-message is-success" role="status" data-testid="play-on-saved">
            Saved as a game review. <Link to={reviewHref(saved.id)}>Open the review</Link>
          </p>
        )}
      </section>
    </div>
  );
}

function OpponentText({ opponent, elo }: { opponent: Opponent; elo: number }) {
  if (opponent.kind === 'engine')
    return (
      <>
        Stockfish at about {elo} plays: {opponent.why}.
      </>
    );
  if (opponent.games === undefined)
    return (
      <>
        The opponent plays from the explorer while a position has at least {EXPLORER_MIN_GAMES} games at your bands,
        then Stockfish at about {elo}.
      </>
    );
  return <>The opponent plays from the explorer ({opponent.games.toLocaleString('en-US')} games).</>;
}
