// Screens whose features are not built yet. Each route in routes.tsx points here until its screen replaces it.

/** A titled page saying the screen is on its way. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section className="page placeholder-screen" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <p className="muted">This screen is not available yet.</p>
    </section>
  );
}

export const GameReviewPlaceholder = () => <PlaceholderScreen title="Review Game/Make Cards" />;
export const OpeningToolPlaceholder = () => <PlaceholderScreen title="Opening Tool" />;
export const ReviewCardsPlaceholder = () => <PlaceholderScreen title="Card Review" />;
export const ManageCardsPlaceholder = () => <PlaceholderScreen title="Edit Cards" />;
export const ManageOpeningsPlaceholder = () => <PlaceholderScreen title="Manage Openings" />;
