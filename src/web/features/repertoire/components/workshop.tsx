import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Color } from '@contract/common';
import type { EditRequest } from '@contract/repertoire';
import { positionKey } from '../../../../chess/fen';
import { Board, type BoardArrow } from '../../../components/board';
import { studyShapesOnBoard } from '../../../components/study-note';
import { errorText } from '../../../lib/api-client';
import { useEditRepertoire } from '../api/edit-repertoire';
import { useEdits } from '../api/get-edits';
import type { ExplorerFilters } from '../api/get-explorer';
import { usePlayerFilters } from '../api/get-filters';
import { getPositionQueryOptions, usePosition } from '../api/get-position';
import { useUndoEdit } from '../api/undo-edit';
import { useWorkshopExplorer } from '../lib/use-workshop-explorer';
import { useWorkshopKeys } from '../lib/use-workshop-keys';
import { useWorkshopLine } from '../lib/use-workshop-line';
import {
  makeLine,
  moveLabelAt,
  parseLine,
  START_FEN,
  stepFromSan,
  stepFromUci,
  turnOf,
  type LineStep,
} from '../lib/workshop-line';
import { EditsPanel } from './edits-panel';
import { SourcesPanel } from './sources-panel';
import { ExplorerMoves } from './explorer-moves';
import { LineMoveList } from './line-move-list';
import { OpeningLine } from '../../../components/opening-line';
import { PositionMoves } from './position-moves';
import { SuggestedAnswer } from './suggested-answer';

const REPERTOIRE_ARROW = 'rgba(40, 160, 70, 0.85)';
const SUGGESTED_ARROW = 'rgba(30, 110, 220, 0.85)';
const NO_FILTERS: ExplorerFilters = { speeds: '', ratings: '' };
/** End follows the repertoire's first moves at most this far. */
const END_PLIES = 60;

type Note = { kind: 'success' | 'error'; text: string };

/** Where playing on begins: after `line` (SAN) from `startFen`, the player with `color`. */
export type PlayOnPosition = { color: Color; startFen: string; line: string[] };

/** A position with the player to move, at the player's explorer bands: what the engine check is shown for. */
export type EngineCheckPosition = { color: Color; fen: string; line: string; speeds: string; ratings: string };

type WorkshopProps = {
  color: Color;
  fromLichess: boolean;
  /** The app's engine check of the replies (the suggested-answer feature), shown where the player is to move. */
  renderEngineCheck?: (position: EngineCheckPosition) => ReactNode;
  /** The app's Play on (another feature) from the board's position; the workshop comes back on close. */
  renderPlayOn?: (from: PlayOnPosition, onClose: () => void) => ReactNode;
  /** A starter build's id: its tree is shown before it is kept, read-only (moves are followed, never added). */
  starter?: string;
};

/** The board, the line, the repertoire's and the explorer's moves at the position, and the edits. */
export function Workshop({ color, fromLichess, renderEngineCheck, renderPlayOn, starter }: WorkshopProps) {
  const preview = starter !== undefined;
  const line = useWorkshopLine();
  const { steps, cursor, fen } = line;
  const [flipped, setFlipped] = useState(false);
  const [note, setNote] = useState<Note>();
  const [playingOn, setPlayingOn] = useState(false);
  const client = useQueryClient();
  const lineText = makeLine(steps.slice(0, cursor));
  const position = usePosition(color, fen, lineText, starter);
  const filters = usePlayerFilters(color);
  const filterValue = filters.data ?? NO_FILTERS;
  const playerToMove = turnOf(fen) === color;
  const explorer = useWorkshopExplorer(color, fen, lineText, filterValue, !filters.isPending, playerToMove);
  const edit = useEditRepertoire(color);
  const undo = useUndoEdit(color);
  const edits = useEdits(color, !preview);
  const busy = edit.isPending || undo.isPending;
  const moves = position.data?.moves ?? [];
  const lineTo = (san: string) => makeLine([...steps.slice(0, cursor), { san }]);

  const runEdits = (requests: Omit<EditRequest, 'color'>[], done: string, undoOnFailure?: () => void) =>
    edit.mutate(requests, {
      onSuccess: () => setNote({ kind: 'success', text: done }),
      onError: (error) => {
        undoOnFailure?.();
        setNote({ kind: 'error', text: `Not saved: ${errorText(error).replace(/^\d+: /, '')}` });
      },
    });

  const go = (step: LineStep) => {
    setNote(undefined);
    line.play(step);
  };
  const add = (san: string) => {
    const step = stepFromSan(fen, san);
    if (!step) return;
    const label = moveLabelAt(cursor, step.san);
    const request = { op: 'add' as const, line: lineTo(step.san) };
    // The board shows the move at once; a refused edit takes it back to where it was.
    const { steps: before, cursor: at } = line;
    line.play(step);
    runEdits(
      [request],
      playerToMove ? `Added ${label} as your answer.` : `Added ${label} as a reply to prepare for.`,
      () => line.go(before, at),
    );
  };
  /** A move already in the repertoire is followed; any other is added (in a preview, followed too). */
  const choose = (san: string) => {
    const step = stepFromSan(fen, san);
    if (!step) return;
    if (preview || moves.some((m) => m.uci === step.uci)) go(step);
    else add(step.san);
  };
  const remove = (san: string) =>
    runEdits(
      [{ op: 'remove', line: lineTo(san) }],
      `Removed ${moveLabelAt(cursor, san)} and every position reachable only through it. Undo brings it back.`,
    );
  const writeNote = (san: string, comment: string) =>
    runEdits(
      [{ op: 'comment', line: lineTo(san), comment }],
      comment.trim() === ''
        ? `Cleared your note on ${moveLabelAt(cursor, san)}.`
        : `Saved your note on ${moveLabelAt(cursor, san)}. Undo takes it back.`,
    );
  const keep = (san: string) =>
    runEdits(
      moves.filter((m) => m.san !== san).map((m) => ({ op: 'remove' as const, line: lineTo(m.san) })),
      `Kept ${moveLabelAt(cursor, san)}; the other answers are removed.`,
    );

  const forward = () => {
    if (cursor < steps.length) line.jump(cursor + 1);
    else if (moves[0]) {
      const step = stepFromUci(fen, moves[0].uci);
      if (step) go(step);
    }
  };
  // End: the rest of the line, then the repertoire's first moves while there are any.
  const end = async () => {
    const path = [...steps];
    const seen = new Set(path.map((s) => positionKey(s.fen)));
    for (let i = 0; i < END_PLIES; i++) {
      const at = path.length === 0 ? fen : path[path.length - 1].fen;
      const answer = await client.fetchQuery(getPositionQueryOptions(color, at, '', starter)).catch(() => undefined);
      const next = answer?.moves[0] && stepFromUci(at, answer.moves[0].uci);
      if (!next || seen.has(positionKey(next.fen))) break;
      seen.add(positionKey(next.fen));
      path.push(next);
    }
    line.go(path, path.length);
  };
  const idle = () => undefined;
  // While playing on, the keys leave the hidden line alone.
  useWorkshopKeys(
    playingOn
      ? { back: idle, forward: idle, start: idle, end: idle, flip: idle }
      : {
          back: () => line.jump(cursor - 1),
          forward,
          start: () => line.jump(0),
          end: () => void end(),
          flip: () => setFlipped((f) => !f),
        },
  );

  // In a preview the explorer's ticks mark the starter's moves, not the player's repertoire.
  const explorerAnswer =
    preview && explorer.answer
      ? {
          ...explorer.answer,
          moves: explorer.answer.moves.map((m) => ({ ...m, in_repertoire: moves.some((r) => r.uci === m.uci) })),
        }
      : explorer.answer;
  const suggested = explorer.suggested;
  const suggestedIn = suggested !== null && moves.some((m) => m.uci === suggested.uci);
  const arrows: BoardArrow[] = moves.flatMap((m) => {
    const step = stepFromUci(fen, m.uci);
    return step ? [{ startSquare: step.from, endSquare: step.to, color: REPERTOIRE_ARROW }] : [];
  });
  // The study's own arrows and circles on the moves here.
  const drawn = studyShapesOnBoard(moves.flatMap((m) => m.shapes));
  arrows.push(...drawn.arrows);
  const suggestedStep = suggested && !suggestedIn ? stepFromUci(fen, suggested.uci) : undefined;
  if (suggestedStep)
    arrows.push({ startSquare: suggestedStep.from, endSquare: suggestedStep.to, color: SUGGESTED_ARROW });
  const last = cursor > 0 ? steps[cursor - 1] : undefined;
  const where = last ? `after ${moveLabelAt(cursor - 1, last.san)}` : 'at the start';
  const orientation: Color = flipped ? (color === 'white' ? 'black' : 'white') : color;
  const playOnFrom = { color, startFen: START_FEN, line: steps.slice(0, cursor).map((s) => s.san) };
  if (playingOn && renderPlayOn) return renderPlayOn(playOnFrom, () => setPlayingOn(false));

  return (
    <>
      {line.unreadable !== undefined && (
        <p className="form-message is-error" role="alert">
          The line "{line.unreadable}" cannot be played from the start; showing the start instead.
        </p>
      )}
      <div className="board-layout ws-layout">
        <div className="board-layout-main">
          <OpeningLine opening={position.data?.opening ?? explorer.answer?.opening ?? null} />
          <Board
            id="workshop-board"
            fen={fen}
            orientation={orientation}
            onMove={(move) => choose(move.san)}
            onIllegalMove={(message) => setNote({ kind: 'error', text: message })}
            lastMove={last && { from: last.from, to: last.to }}
            arrows={arrows}
            squareStyles={drawn.squareStyles}
            label={`Repertoire board, ${turnOf(fen)} to move`}
            fitViewport
          />
          <div className="ws-controls" role="group" aria-label="Move through the line">
            <StepButton icon="start" label="First position" onClick={() => line.jump(0)} disabled={cursor === 0} />
            <StepButton
              icon="back"
              label="Previous move"
              onClick={() => line.jump(cursor - 1)}
              disabled={cursor === 0}
            />
            <StepButton icon="forward" label="Next move" onClick={forward} />
            <StepButton icon="end" label="Last position" onClick={() => void end()} />
            <button type="button" className="button" onClick={() => setFlipped((f) => !f)}>
              Flip board
            </button>
            {renderPlayOn && (
              <button type="button" className="button" onClick={() => setPlayingOn(true)}>
                Play on
              </button>
            )}
          </div>
          <p className="muted key-hint ws-keys">
            <kbd>←</kbd> <kbd>→</kbd> step, <kbd>↑</kbd>/<kbd>Home</kbd> start, <kbd>↓</kbd>/<kbd>End</kbd> end,{' '}
            <kbd>f</kbd> flips. Play a move on the board to {preview ? 'look at it' : 'add it'}.
          </p>
        </div>
        <div className="board-layout-side ws-side">
          <LineMoveList steps={steps} cursor={cursor} onJump={line.jump} />
          <p className={`ws-note-line${note ? ` form-message is-${note.kind}` : ''}`} role="status">
            {busy ? 'Saving…' : (note?.text ?? '')}
          </p>
          {position.isError && (
            <p className="form-message is-error" role="alert">
              {errorText(position.error).replace(/^\d+: /, '')}
            </p>
          )}
          {position.data && !position.data.in_repertoire && cursor > 0 && (
            <p className="ws-outside" data-testid="outside-repertoire">
              {preview
                ? 'This position is not in the starter.'
                : 'This position is not in your repertoire yet: adding a move here adds the whole line.'}
            </p>
          )}
          {playerToMove && (
            <SuggestedAnswer
              suggested={suggested}
              inRepertoire={suggestedIn}
              playing={moves.map((m) => m.san)}
              busy={busy}
              onAdd={preview ? undefined : add}
            />
          )}
          {/* The engine's word on the suggested answer, shown with it. */}
          {playerToMove && suggested && renderEngineCheck?.({ color, fen, line: lineText, ...filterValue })}
          <PositionMoves
            moves={moves}
            playerToMove={playerToMove}
            where={where}
            busy={busy}
            readOnly={preview}
            onGo={choose}
            onRemove={remove}
            onKeep={keep}
            onNote={writeNote}
          />
          <ExplorerMoves
            color={color}
            db={explorer.db}
            onDb={explorer.setDb}
            answer={explorerAnswer ?? undefined}
            loading={explorer.loading}
            error={explorer.error}
            lookingUp={explorer.lookingUp}
            noToken={explorer.noToken}
            busy={busy}
            readOnly={preview}
            onRetry={explorer.retry}
            onChoose={(m) => choose(m.san)}
          />
        </div>
      </div>
      {!preview && (
        <>
          <EditsPanel
            color={color}
            edits={edits.data ?? []}
            fromLichess={fromLichess}
            busy={busy}
            onUndo={() =>
              undo.mutate(undefined, {
                onSuccess: () => setNote({ kind: 'success', text: 'The last edit is undone.' }),
                onError: (error) => setNote({ kind: 'error', text: errorText(error) }),
              })
            }
            onOpen={(text) => {
              const parsed = parseLine(text);
              if (parsed) line.go(parsed, parsed.length);
            }}
          />
          <SourcesPanel color={color} />
        </>
      )}
    </>
  );
}

// Drawn, not typed: the media-control characters are missing from many fonts.
const ICONS = {
  start: 'M5 5h2.5v14H5zM19 5v14L9 12z',
  back: 'M16 5v14L6 12z',
  forward: 'M8 5v14l10-7z',
  end: 'M16.5 5H19v14h-2.5zM5 5v14l10-7z',
} as const;

function StepButton({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: keyof typeof ICONS;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="button ws-step"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={ICONS[icon]} fill="currentColor" />
      </svg>
    </button>
  );
}
