/**
 * A modal dialog on the native `<dialog>` (`showModal`: the page behind is inert, focus stays
 * inside): open while `open` is true, its content rendered only then. Escape (the dialog's
 * `cancel`) and a click on the backdrop (which lands on the dialog element itself) call
 * `onClose`; the owner decides. A press that starts inside and ends on the backdrop (selecting
 * text, say) is no backdrop click. When it closes, the focus goes back to what had it when the
 * dialog opened (the button that opened it), once the page behind is no longer inert.
 */
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  onClose(): void;
  /** The id of the dialog's heading (its accessible name). */
  labelledBy: string;
  className?: string;
  /** Inline style of the dialog element (custom properties for its CSS, say). */
  style?: CSSProperties;
  children: ReactNode;
}

export function ModalDialog({ open, onClose, labelledBy, className, style, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const pressedOnBackdrop = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    }
    if (!open && element.open) {
      element.close();
      const previous = opener.current;
      opener.current = null;
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    }
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={className}
      style={style}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const onBackdrop = event.target === event.currentTarget && pressedOnBackdrop.current;
        pressedOnBackdrop.current = false;
        if (onBackdrop) onClose();
      }}
    >
      {open && children}
    </dialog>
  );
}
