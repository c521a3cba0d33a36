import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Chessboard, type Arrow, type ChessboardOptions } from 'react-chessboard';
import { BoardErrorBoundary } from './board-error-boundary';
import { legalTargets, playDraggedMove, sideToMove, type BoardMove, type PromotionRole } from './board-moves';
import { KingGraphic } from './king-graphic';

export { START_FEN, PROMOTION_ROLES, playDraggedMove, type BoardMove, type PromotionRole } from './board-moves';
export type { Arrow as BoardArrow } from 'react-chessboard';

/** Move animation (300 ms). */
export const BOARD_ANIMATION_MS = 300;

export type BoardProps = {
  /** The position as a full FEN (all six fields). */
  fen: string;
  /** Which side is at the bottom; white by default. */
  orientation?: 'white' | 'black';
  /**
   * Makes the board playable: called with each legal move, dragged or clicked (click a piece, then one of
   * the marked target squares; a tap on a phone); the parent then passes the new `fen`.
   */
  onMove?: (move: BoardMove) => void;
  /** Called with a message such as 'Illegal move: e2-e5' when a dragged move is rejected. */
  onIllegalMove?: (message: string) => void;
  /** The piece a pawn promotes to on drag; queen by default. */
  promotion?: PromotionRole;
  /** Squares to mark as the last move, e.g. { from: 'e2', to: 'e4' }. */
  lastMove?: { from: string; to: string };
  /** Arrows to draw, e.g. [{ startSquare: 'g1', endSquare: 'f3', color: 'rgb(0,128,0)' }]. */
  arrows?: Arrow[];
  /** Extra per-square styles, keyed by square name. */
  squareStyles?: Record<string, CSSProperties>;
  /** Show the a-h and 1-8 labels; true by default (turn off on small boards). */
  showCoordinates?: boolean;
  /** Unique id when several boards share a page (react-chessboard needs distinct ids). */
  id?: string;
  /** Accessible description; defaults to the side to move and the FEN. */
  label?: string;
  /** Keep the whole board in the window: its side at most the window's height below the board's top. */
  fitViewport?: boolean;
};

/** A chess board: read-only unless `onMove` is given, then legal moves only (chessops), by drag or click, promotion to queen. */
export function Board(props: BoardProps) {
  return (
    <BoardErrorBoundary resetKey={props.fen}>
      <BoardInner {...props} />
    </BoardErrorBoundary>
  );
}

function BoardInner({
  fen,
  orientation = 'white',
  onMove,
  onIllegalMove,
  promotion = 'queen',
  lastMove,
  arrows,
  squareStyles,
  showCoordinates = true,
  id = 'board',
  label,
  fitViewport = false,
}: BoardProps) {
  const container = useRef<HTMLDivElement>(null);
  const width = useWidth(container);
  const side = useViewportSide(container, fitViewport, fen);
  const playable = onMove !== undefined;
  // Click-to-move: the square of the piece picked up, kept only for the position it was picked in.
  const [picked, setPicked] = useState<{ fen: string; square: string }>();
  const selected = playable && picked?.fen === fen ? picked.square : undefined;
  const targets = useMemo(() => (selected ? legalTargets(fen, selected) : []), [fen, selected]);

  const styles = useMemo(() => {
    const marks: Record<string, CSSProperties> = {};
    if (lastMove) {
      // An overlay, so the square keeps its light or dark colour underneath.
      const mark = { backgroundImage: 'linear-gradient(var(--board-last-move), var(--board-last-move))' };
      marks[lastMove.from] = mark;
      marks[lastMove.to] = mark;
    }
    if (selected)
      marks[selected] = { backgroundImage: 'linear-gradient(var(--board-selected), var(--board-selected))' };
    for (const target of targets) {
      marks[target] = { ...marks[target], boxShadow: 'inset 0 0 0 0.4rem var(--board-target)', cursor: 'pointer' };
    }
    return { ...marks, ...squareStyles };
  }, [lastMove, squareStyles, selected, targets]);

  const ownPiece = (pieceType: string | undefined) => pieceType?.[0] === (sideToMove(fen) === 'white' ? 'w' : 'b');
  const play = (from: string, to: string): boolean => {
    if (!onMove) return false;
    const attempt = playDraggedMove(fen, from, to, promotion);
    if (!attempt.ok) {
      onIllegalMove?.(attempt.error);
      return false;
    }
    onMove(attempt.move);
    return true;
  };
  const clickSquare = (square: string, pieceType: string | undefined) => {
    if (!playable) return;
    if (selected && selected !== square && !ownPiece(pieceType)) {
      setPicked(undefined);
      play(selected, square);
    } else if (ownPiece(pieceType) && selected !== square) setPicked({ fen, square });
    else setPicked(undefined);
  };

  const options: ChessboardOptions = {
    id,
    position: fen,
    boardOrientation: orientation,
    animationDurationInMs: BOARD_ANIMATION_MS,
    allowDragging: playable,
    allowDrawingArrows: false,
    showNotation: showCoordinates,
    alphaNotationStyle: { fontSize: '1.1rem', position: 'absolute', bottom: 1, right: 3, userSelect: 'none' },
    numericNotationStyle: { fontSize: '1.1rem', position: 'absolute', top: 1, left: 2, userSelect: 'none' },
    arrows: arrows ?? [],
    squareStyles: styles,
    darkSquareStyle: { backgroundColor: 'var(--board-dark)' },
    lightSquareStyle: { backgroundColor: 'var(--board-light)' },
    darkSquareNotationStyle: { color: 'var(--board-light)' },
    lightSquareNotationStyle: { color: 'var(--board-dark)' },
    canDragPiece: ({ piece }) => playable && ownPiece(piece.pieceType),
    onSquareClick: ({ piece, square }) => clickSquare(square, piece?.pieceType),
    onPieceDrop: ({ sourceSquare, targetSquare }) => {
      if (!onMove || !targetSquare || targetSquare === sourceSquare) return false;
      setPicked(undefined);
      return play(sourceSquare, targetSquare);
    },
  };

  return (
    <div
      ref={container}
      className="board"
      style={side ? { maxWidth: side } : undefined}
      role="group"
      aria-label={label ?? `Chess board, ${sideToMove(fen)} to move`}
      data-fen={fen}
      data-orientation={orientation}
      data-selected={selected}
      data-targets={targets.length > 0 ? targets.join(' ') : undefined}
    >
      {width > 0 ? (
        <Chessboard options={options} />
      ) : (
        <div className="board-placeholder">
          <KingGraphic />
        </div>
      )}
    </div>
  );
}

/** Least side of a fitted board, in pixels: below it the page scrolls instead. */
const LEAST_SIDE = 240;

/**
 * The largest side that keeps the element whole in the window (its top in the page to the window's
 * bottom, less a margin), as Lichess sizes its board; undefined when not asked. Read again on resize
 * and when the position changes (what is above the board may have changed with it).
 */
function useViewportSide(ref: React.RefObject<HTMLElement | null>, on: boolean, fen: string): number | undefined {
  const [side, setSide] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!on || !element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setSide(Math.max(LEAST_SIDE, Math.floor(window.innerHeight - top - 12)));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, on, fen]);
  return side;
}

/** The element's content width, kept up to date; 0 until laid out or when hidden. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
