import { Link } from 'react-router';
import type { DrillChapterLink } from '@contract/drill';

/** Chapters named beside a position before "and N more". */
const SHOWN = 3;

/**
 * Where the position comes from: each chapter that reaches it (named `source: chapter` when the colour
 * has several sources), linked to Lichess for a study's chapter, else to Manage Openings.
 */
export function DrillChapters({ chapters }: { chapters: readonly DrillChapterLink[] }) {
  if (chapters.length === 0) return null;
  const shown = chapters.length > SHOWN ? chapters.slice(0, SHOWN - 1) : chapters;
  const more = chapters.length - shown.length;
  return (
    <p className="drill-chapter" data-testid="drill-chapters">
      {chapters.length === 1 ? 'Chapter: ' : 'Chapters: '}
      {shown.map((chapter, index) => (
        <span key={`${chapter.name}-${index}`}>
          {index > 0 && '; '}
          {chapter.url ? (
            <a href={chapter.url} target="_blank" rel="noreferrer">
              {chapter.name}
            </a>
          ) : (
            <Link to="/manage_openings">{chapter.name}</Link>
          )}
        </span>
      ))}
      {more > 0 && ` and ${more} more`}
    </p>
  );
}
