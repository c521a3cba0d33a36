import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Opening and closing fade time (modal transition 200 ms). */
export const MODAL_TRANSITION_MS = 200;

export type ModalProps = {
  /** Whether the dialog is shown; it fades in and out over 200 ms. */
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading, also its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Buttons shown under the content, right-aligned. */
  footer?: ReactNode;
  /** 'full' fills the viewport (e.g. the card editor); 'normal' is a centred box. */
  size?: 'normal' | 'full';
  /** Clicking the backdrop closes the dialog unless false (use false for forms with unsaved input). */
  closeOnBackdrop?: boolean;
};

/** Open dialogs, latest last: keys go to the top one only (a question asked over an editor). */
const openDialogs: object[] = [];

/** An accessible modal dialog: focus moves in and is kept inside, Escape closes, focus returns on close. */
export function Modal({ open, onClose, title, children, footer, size = 'normal', closeOnBackdrop = true }: ModalProps) {
  const [mounted, setMounted] = useState(open);
  const [visible, setVisible] = useState(false);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Mount, then show on the next frame so the fade-in runs; hide, then unmount after the fade-out.
  useEffect(() => {
    if (open) {
      setMounted(true);
      const frame = requestAnimationFrame(() => requestAnimationFrame(() => setVisible(true)));
      return () => cancelAnimationFrame(frame);
    }
    setVisible(false);
    const timer = setTimeout(() => setMounted(false), MODAL_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // Before the first paint: a key pressed as soon as the dialog shows must already reach it.
  useLayoutEffect(() => {
    if (!mounted || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>('[autofocus], input, select, textarea, button:not(.modal-close)');
    (first ?? node)?.focus();
    const self = {};
    openDialogs.push(self);
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && node) {
        trapTab(node, event);
      }
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      openDialogs.splice(openDialogs.indexOf(self), 1);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [mounted, open]);

  if (!mounted) return null;
  return createPortal(
    <div
      className={`modal-backdrop${visible ? ' is-visible' : ''}`}
      style={{ transitionDuration: `${MODAL_TRANSITION_MS}ms` }}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={`modal modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ transitionDuration: `${MODAL_TRANSITION_MS}ms` }}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

function trapTab(container: HTMLElement, event: KeyboardEvent) {
  const focusable = [
    ...container.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((element) => element.offsetParent !== null);
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && (document.activeElement === first || document.activeElement === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
