/**
 * A modal dialog on the native `<dialog>` (`showModal`: the page behind is inert, focus stays
 * inside): open while `open` is true, its content rendered only then. Escape (the dialog's
 * `cancel`) and a click on the backdrop (which lands on the dialog element itself) call
 * `onClose`; the owner decides, and gives the focus back to what opened it.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  onClose(): void;
  /** The id of the dialog's heading (its accessible name). */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

export function ModalDialog({ open, onClose, labelledBy, className, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && children}
    </dialog>
  );
}
