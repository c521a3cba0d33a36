import type { ReactNode } from 'react';
import { Modal } from './modal';

export type ConfirmDialogProps = {
  /** The question, e.g. 'Delete 2 cards?'; shown when set, hidden when undefined. */
  question: string | undefined;
  /** What follows from saying yes, under the question. */
  detail?: ReactNode;
  /** The label of the button that goes ahead, e.g. 'Delete'. */
  confirmLabel: string;
  /** The label of the button that keeps things as they are; 'Cancel' unless given. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The app's own yes/no question, never the browser's built-in one: styled, keyboard-reachable, Escape cancels. */
export function ConfirmDialog({
  question,
  detail,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={question !== undefined}
      onClose={onCancel}
      title={question ?? ''}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} autoFocus>
            {cancelLabel}
          </button>
          <button type="button" className="button button-primary" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {detail && <p>{detail}</p>}
    </Modal>
  );
}
