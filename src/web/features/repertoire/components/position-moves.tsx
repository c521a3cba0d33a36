import { useState } from 'react';
import { MAX_NOTE_LENGTH, type RepertoireMoveAnswer } from '@contract/repertoire';
import { StudyComment } from '../../../components/study-note';

type Props = {
  moves: readonly RepertoireMoveAnswer[];
  /** The repertoire's colour is to move: its moves are answers, else replies prepared for. */
  playerToMove: boolean;
  /** Position label, e.g. 'after 1. e4 c5' or 'at the start'. */
  where: string;
  busy: boolean;
  /** A starter's tree before it is kept: moves are followed, nothing is changed. */
  readOnly?: boolean;
  onGo: (san: string) => void;
  onRemove: (san: string) => void;
  /** Keeps one answer where the repertoire has several (the others are removed). */
  onKeep: (san: string) => void;
  /** Writes the player's own note on a move ('' clears it). */
  onNote: (san: string, comment: string) => void;
};

/**
 * The repertoire's moves at the board's position, each with what the study says about it: follow one,
 * remove one, or keep one of several answers.
 */
export function PositionMoves(props: Props) {
  const { moves, playerToMove, where, busy, readOnly = false, onGo, onRemove, onKeep, onNote } = props;
  const several = playerToMove && moves.length > 1;
  const [noting, setNoting] = useState<string>();
  return (
    <section className="ws-box" aria-labelledby="ws-position-title">
      <h2 id="ws-position-title" className="ws-box-title">
        {readOnly
          ? playerToMove
            ? "The starter's answer"
            : 'Replies it prepares for'
          : playerToMove
            ? 'Your answers'
            : 'Replies you prepared for'}{' '}
        <span className="ws-where">{where}</span>
      </h2>
      {moves.length === 0 ? (
        <p className="muted ws-empty">
          {readOnly
            ? playerToMove
              ? 'The starter has no answer here.'
              : 'The starter prepares for no reply here.'
            : playerToMove
              ? 'No answer here yet: play one on the board or add one from the explorer.'
              : 'No reply prepared here: play one on the board or add one from the explorer.'}
        </p>
      ) : (
        <>
          {several && !readOnly && (
            <p className="ws-conflict" role="note">
              Your repertoire gives {moves.length} answers here. Keep one to make it consistent.
            </p>
          )}
          <ul className="ws-rep-moves">
            {moves.map((m) => (
              <li key={m.uci} className="ws-rep-move" data-testid="repertoire-move">
                <button type="button" className="ws-rep-san" onClick={() => onGo(m.san)} title={`Go to ${m.san}`}>
                  {m.san}
                </button>
                {m.added && <span className="ws-tag is-added">added here</span>}
                {!readOnly && (
                  <span className="ws-rep-actions">
                    {several && (
                      <button type="button" className="button ws-small" disabled={busy} onClick={() => onKeep(m.san)}>
                        Keep this one<span className="visually-hidden">: {m.san}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className="button ws-small"
                      disabled={busy}
                      aria-expanded={noting === m.uci}
                      aria-label={`${m.own_note ? 'Edit your note' : 'Write a note'} on ${m.san}`}
                      onClick={() => setNoting(noting === m.uci ? undefined : m.uci)}
                    >
                      {m.own_note ? 'Edit note' : 'Note'}
                    </button>
                    <button
                      type="button"
                      className="button ws-small"
                      disabled={busy}
                      aria-label={`Remove ${m.san}`}
                      title={`Remove ${m.san} and every position reachable only through it`}
                      onClick={() => onRemove(m.san)}
                    >
                      Remove
                    </button>
                  </span>
                )}
                {(m.comment !== '' || m.glyphs.length > 0) && (
                  <div className="ws-rep-comment">
                    <StudyComment comment={m.comment} glyphs={m.glyphs} testId="repertoire-move-comment" />
                  </div>
                )}
                {noting === m.uci && (
                  <NoteForm
                    san={m.san}
                    note={m.own_note}
                    busy={busy}
                    onSave={(text) => {
                      onNote(m.san, text);
                      setNoting(undefined);
                    }}
                    onCancel={() => setNoting(undefined)}
                  />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The player's own note on one move: written here, kept as an undoable edit, trained with the move. */
function NoteForm({
  san,
  note,
  busy,
  onSave,
  onCancel,
}: {
  san: string;
  note: string;
  busy: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(note);
  const id = `ws-note-${san}`;
  return (
    <form
      className="ws-note-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(text);
      }}
    >
      <label htmlFor={id}>Your note on {san}</label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={MAX_NOTE_LENGTH}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <span className="ws-note-actions">
        <button type="submit" className="button button-primary ws-small" disabled={busy || text.trim() === note}>
          Save note
        </button>
        {note !== '' && (
          <button type="button" className="button ws-small" disabled={busy} onClick={() => onSave('')}>
            Clear
          </button>
        )}
        <button type="button" className="button ws-small" onClick={onCancel}>
          Cancel
        </button>
      </span>
    </form>
  );
}
