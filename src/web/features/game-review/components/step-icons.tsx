// Small stroke icons for the board controls; they take the text colour, so both themes work.
const paths = {
  first: 'M6 5v14M18 6l-8 6 8 6z',
  back: 'M16 6l-8 6 8 6z',
  forward: 'M8 6l8 6-8 6z',
  last: 'M18 5v14M6 6l8 6-8 6z',
  flip: 'M7 4v15M7 19l-3-3M7 19l3-3M17 20V5M17 5l-3 3M17 5l3 3',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
} as const;

export type IconName = keyof typeof paths;

const filled: ReadonlySet<IconName> = new Set<IconName>(['first', 'back', 'forward', 'last']);

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="gr-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={paths[name]}
        fill={filled.has(name) ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
