import type { ExplorerAnswer } from '@contract/repertoire';

type Props = {
  suggested: NonNullable<ExplorerAnswer>['suggested'];
  /** The repertoire already plays it here. */
  inRepertoire: boolean;
  /** The repertoire's own answers here (other moves than the suggestion when it is not among them). */
  playing?: readonly string[];
  busy: boolean;
  /** Without it (a starter's tree before it is kept) the answer is named, not offered. */
  onAdd?: (san: string) => void;
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The explorer's best-scoring reply at the player's bands, ready to add in one click. */
export function SuggestedAnswer({ suggested, inRepertoire, playing = [], busy, onAdd }: Props) {
  const whose = onAdd ? 'Your repertoire' : 'The starter';
  if (!suggested) return null;
  const facts = `${percent(suggested.score)} for you over ${suggested.games.toLocaleString('en-US')} games at your bands`;
  return (
    <section className="ws-suggest" aria-label="Suggested answer" data-testid="suggested-answer">
      {inRepertoire ? (
        <p>
          {whose} plays <strong>{suggested.san}</strong> here, the explorer's best-scoring reply ({facts}).
        </p>
      ) : (
        <>
          {playing.length > 0 ? (
            <p>
              {whose} plays <strong>{playing.join(', ')}</strong> here. The explorer's best-scoring reply is{' '}
              <strong>{suggested.san}</strong> ({facts}).
            </p>
          ) : (
            <p>
              Suggested answer: <strong>{suggested.san}</strong>, the best-scoring reply ({facts}).
            </p>
          )}
          {onAdd && (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => onAdd(suggested.san)}
            >
              Add {suggested.san}
              {playing.length > 0 && ' as well'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
