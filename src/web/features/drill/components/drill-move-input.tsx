import { useEffect, useRef, useState } from 'react';
import { playDraggedMove, type BoardMove } from '../../../components/board';
import { readTypedMove } from '../line-moves';

export type Rating = 2 | 3 | 4;
const RATING_NAMES: Record<Rating, string> = { 2: 'Hard', 3: 'Good', 4: 'Easy' };

/** The typed move box and how a right answer rates; keys 2, 3, 4 rate, m jumps to the box. */
export function DrillMoveInput({
  fen,
  playable,
  rating,
  onRating,
  onMove,
  onNote,
}: {
  fen: string;
  playable: boolean;
  rating: Rating;
  onRating: (rating: Rating) => void;
  onMove: (move: BoardMove) => void;
  onNote: (note: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const submitTyped = (event: React.FormEvent) => {
    event.preventDefault();
    if (!playable) return;
    const read = readTypedMove(fen, typed);
    const attempt = read && playDraggedMove(fen, read.from, read.to);
    if (!attempt || !attempt.ok) {
      onNote(`'${typed}' is not a legal move here`);
      return;
    }
    setTyped('');
    onMove(attempt.move);
  };

  // Keys 2, 3, 4 choose how a right answer rates (Hard, Good, Easy); m jumps to the move box.
  const keys = useRef({ playable, onRating });
  keys.current = { playable, onRating };
  const moveBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if (event.key === '2' || event.key === '3' || event.key === '4') {
        keys.current.onRating(Number(event.key) as Rating);
        event.preventDefault();
      } else if (event.key === 'm' && keys.current.playable) {
        moveBox.current?.focus();
        event.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <form className="drill-type" onSubmit={submitTyped}>
        <label htmlFor="drill-move">Type your move</label>
        <input
          id="drill-move"
          ref={moveBox}
          className="input"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="e.g. Nf3"
          autoComplete="off"
          disabled={!playable}
        />
        <button type="submit" className="button" disabled={!playable || typed.trim() === ''}>
          Play
        </button>
      </form>
      <fieldset className="drill-rating">
        <legend>A right answer counts as</legend>
        {([2, 3, 4] as Rating[]).map((r) => (
          <label key={r} className={rating === r ? 'is-chosen' : ''}>
            <input type="radio" name="drill-rating" checked={rating === r} onChange={() => onRating(r)} />
            {RATING_NAMES[r]} <kbd>{r}</kbd>
          </label>
        ))}
      </fieldset>
    </>
  );
}
