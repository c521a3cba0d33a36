import type { Card } from '@contract/cards';
import { formatDue } from './due-date';

export type CardListProps = {
  cards: Card[];
  selectedId: string | undefined;
  checked: ReadonlySet<string>;
  now: number;
  onSelect: (id: string) => void;
  onCheck: (id: string, checked: boolean) => void;
};

/** 'SP Cards:' sorted by due date; each row shows the due date and prompt, with a checkbox. */
export function CardList({ cards, selectedId, checked, now, onSelect, onCheck }: CardListProps) {
  return (
    <ul className="card-list" aria-label="SP Cards">
      {cards.map((card) => {
        const due = Date.parse(card.due) <= now;
        const prompt = card.prompt.trim() || '(no prompt)';
        return (
          <li
            key={card.id}
            className={`card-row${card.id === selectedId ? ' is-selected' : ''}`}
            data-card-id={card.id}
          >
            <input
              type="checkbox"
              className="card-row-check"
              aria-label={`Check card: ${prompt}`}
              checked={checked.has(card.id)}
              onChange={(e) => onCheck(card.id, e.target.checked)}
            />
            <button
              type="button"
              className="card-row-open"
              aria-current={card.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(card.id)}
            >
              <time className={`card-row-due${due ? ' is-due' : ''}`} dateTime={card.due}>
                {formatDue(card.due)}
              </time>
              <span className={`card-row-prompt${card.prompt.trim() ? '' : ' muted'}`}>{prompt}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
