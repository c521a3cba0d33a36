import type { DrillColor, DrillReplies } from '../api/types';

/** All my replies under way: the position the replies are played from, and which of them is asked. */
export type RepliesRound = DrillReplies & { at: number };

const opponentOf = (color: DrillColor) => (color === 'white' ? 'Black' : 'White');

/** Offered where the opponent has several repertoire replies: the player's answer to each, in turn. */
export function AllRepliesButton({
  color,
  replies,
  onClick,
}: {
  color: DrillColor;
  replies: number;
  onClick: () => void;
}) {
  return (
    <div className="drill-all-replies">
      <button type="button" className="button" onClick={onClick}>
        All my replies ({replies})
      </button>
      <span className="muted">
        {opponentOf(color)} has {replies} replies here: answer each in turn
      </span>
    </div>
  );
}

/** "Your answer to each of Black's 3 replies: 1 of 3" while the round lasts. */
export function AllRepliesHeading({ color, round }: { color: DrillColor; round: RepliesRound }) {
  const total = round.replies.length;
  return (
    <h2 className="drill-replies-heading" data-testid="drill-replies-heading">
      Your answer to each of {opponentOf(color)}'s {total} replies:{' '}
      <span className="drill-replies-count">
        {round.at + 1} of {total}
      </span>
    </h2>
  );
}
