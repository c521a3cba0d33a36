/** A king drawing (the classic Staunton outline) for placeholders and error states; decorative. */
export function KingGraphic({ size = '100%', className }: { size?: number | string; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 45 45" aria-hidden="true" focusable="false">
      <g
        fill="none"
        fillRule="evenodd"
        stroke="var(--king-stroke, #000)"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="1.5"
      >
        <path strokeLinejoin="miter" d="M22.5 11.63V6M20 8h5" />
        <path
          fill="var(--king-fill, #fff)"
          strokeLinecap="butt"
          strokeLinejoin="miter"
          d="M22.5 25s4.5-7.5 3-10.5c0 0-1-2.5-3-2.5s-3 2.5-3 2.5c-1.5 3 3 10.5 3 10.5"
        />
        <path
          fill="var(--king-fill, #fff)"
          d="M12.5 37c5.5 3.5 15.5 3.5 21 0v-7s9-4.5 6-10.5c-4-6.5-13.5-3.5-16 4V27v-3.5c-3-7.5-12-10.5-16-4-3 6 6 10.5 6 10.5v7"
        />
        <path d="M12.5 30c5.5-3 15.5-3 21 0M12.5 33.5c5.5-3 15.5-3 21 0M12.5 37c5.5-3 15.5-3 21 0" />
      </g>
    </svg>
  );
}
