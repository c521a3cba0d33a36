import type { OpeningNameAnswer } from '@contract/common';

/** The opening's ECO code and name, one small line over a board; nothing where no opening is named. */
export function OpeningLine({ opening }: { opening: OpeningNameAnswer }) {
  if (!opening)
    return (
      <p className="opening-line muted" aria-hidden="true">
        &nbsp;
      </p>
    );
  return (
    <p className="opening-line" data-testid="opening-name">
      <span className="opening-eco">{opening.eco}</span> {opening.name}
    </p>
  );
}
