import { useEffect, useMemo, useState } from 'react';
import type { Color } from '@contract/common';
import type { BoardMove } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { getEngine } from '../../../lib/engine/uci-engine';
import { getExplorerFigures, type Bands } from '../api/get-explorer-reply';
import { engineEloOf } from './engine-elo';
import { explorerGames, pickExplorerMove, EXPLORER_MIN_GAMES } from './explorer-pick';
import { gameEnd, moveBySan, moveByUci, movesOfSans, turnOf, type GameEnd, type GameMove } from './play-on-game';

/** Where playing on begins: after `line` (SAN) from `startFen`, with `color` as the player's side. */
export type PlayOnStart = {
  color: Color;
  /** The standard start unless a chapter sets up its own position. */
  startFen: string;
  line: readonly string[];
};

export type PlayedMove = GameMove & { by: 'you' | 'explorer' | 'engine' };

/** Who answers the player's moves: the explorer (its games at the last position it answered), or the engine from then on. */
export type Opponent = { kind: 'explorer'; games: number | undefined } | { kind: 'engine'; why: string };

/** Deep enough for sensible moves, quick in the browser; the Elo limit makes the mistakes. */
const ENGINE_DEPTH = 10;
/** A reply that comes at once is easy to miss. */
const REPLY_PAUSE_MS = 350;

const other = (color: Color): Color => (color === 'white' ? 'black' : 'white');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A game from the end of a line: the player's moves on the board; the opponent's from the explorer at
 * the player's bands while a position has at least 20 games, then (for the rest of the game) from
 * Stockfish at about the player's strength. `bands` undefined: still loading, nobody moves yet.
 */
export function usePlayOn({ color, startFen, line }: PlayOnStart, bands: Bands | undefined, random = Math.random) {
  const lineMoves = useMemo(() => movesOfSans(startFen, line) ?? [], [startFen, line]);
  const [moves, setMoves] = useState<PlayedMove[]>([]);
  const [opponent, setOpponent] = useState<Opponent>({ kind: 'explorer', games: undefined });
  const [resigned, setResigned] = useState(false);
  const [error, setError] = useState<string>();
  const elo = engineEloOf(bands?.ratings ?? '');
  const lineEnd = lineMoves[lineMoves.length - 1]?.fen ?? startFen;
  const fen = moves[moves.length - 1]?.fen ?? lineEnd;
  const ruled = useMemo(
    () => gameEnd([startFen, ...lineMoves.map((m) => m.fen), ...moves.map((m) => m.fen)]),
    [startFen, lineMoves, moves],
  );
  const end: GameEnd | undefined = resigned ? { reason: 'resignation', winner: other(color) } : ruled;
  const opponentToMove = bands !== undefined && end === undefined && error === undefined && turnOf(fen) !== color;
  const engineWhy = opponent.kind === 'engine' ? opponent.why : undefined;

  useEffect(() => getEngine().newGame(), []);

  useEffect(() => {
    if (!opponentToMove || !bands) return;
    let cancelled = false;
    let stopEngine: (() => void) | undefined;
    const reply = async () => {
      await pause(REPLY_PAUSE_MS);
      if (cancelled) return;
      if (engineWhy === undefined) {
        const figures = await getExplorerFigures(color, fen, bands);
        if (cancelled) return;
        const picked = figures.answer && pickExplorerMove(figures.answer.moves, random());
        const move = picked && moveBySan(fen, picked.san);
        if (figures.answer && move) {
          setOpponent({ kind: 'explorer', games: explorerGames(figures.answer.moves) });
          setMoves((played) => [...played, { ...move, by: 'explorer' }]);
          return;
        }
        // Out of the explorer: the engine plays this move (the effect runs again) and the rest.
        const games = figures.answer ? explorerGames(figures.answer.moves) : 0;
        const why = figures.answer
          ? `${games === 0 ? 'no' : `only ${games.toLocaleString('en-US')}`} explorer ${games === 1 ? 'game' : 'games'} here (fewer than ${EXPLORER_MIN_GAMES})`
          : figures.why;
        setOpponent({ kind: 'engine', why });
        return;
      }
      const job = getEngine().analyse({ fen, depth: ENGINE_DEPTH, elo });
      stopEngine = job.stop;
      const result = await job.result;
      if (cancelled || result.stopped) return;
      const move = result.bestMove ? moveByUci(fen, result.bestMove) : undefined;
      if (!move) throw new Error('the engine found no move');
      setMoves((played) => [...played, { ...move, by: 'engine' }]);
    };
    reply().catch((e: unknown) => {
      if (!cancelled) setError(errorText(e));
    });
    return () => {
      cancelled = true;
      stopEngine?.();
    };
  }, [opponentToMove, fen, engineWhy, bands, color, elo, random]);

  const yourTurn = bands !== undefined && end === undefined && turnOf(fen) === color;
  return {
    lineMoves,
    moves,
    fen,
    end,
    elo,
    opponent,
    error,
    yourTurn,
    thinking: opponentToMove,
    play: (move: BoardMove) => {
      if (!yourTurn) return;
      setMoves((played) => [...played, { ...move, by: 'you' }]);
    },
    resign: () => setResigned(true),
    retry: () => setError(undefined),
  };
}
