import { useId } from 'react';
import type { PromotionRole } from '../../../components/board';

const CHOICES: { role: PromotionRole; letter: string; name: string }[] = [
  { role: 'queen', letter: 'Q', name: 'Queen' },
  { role: 'rook', letter: 'R', name: 'Rook' },
  { role: 'knight', letter: 'N', name: 'Knight' },
  { role: 'bishop', letter: 'B', name: 'Bishop' },
];

/** The piece a dragged pawn becomes: queen unless the player picks another from Q, R, N, B. */
export function PromotionChoice({
  value,
  onChange,
}: {
  value: PromotionRole;
  onChange: (role: PromotionRole) => void;
}) {
  // One name for the four radios makes them one group (arrow keys move between them).
  const group = useId();
  return (
    <fieldset className="promotion-choice">
      <legend>Promotion</legend>
      {CHOICES.map(({ role, letter, name }) => (
        <label key={role} className="promotion-option" title={name}>
          <input type="radio" name={group} value={role} checked={value === role} onChange={() => onChange(role)} />
          <span aria-hidden="true">{letter}</span>
          <span className="visually-hidden">{name}</span>
        </label>
      ))}
    </fieldset>
  );
}
