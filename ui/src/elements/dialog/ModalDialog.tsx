/**
 * A modal dialog on the native `<dialog>` (`showModal`: the page behind is inert, focus stays
 * inside): open while `open` is true, its content rendered only then. Escape (the dialog's
 * `cancel`) and a click on the backdrop (which lands on the dialog element itself) call
 * `onClose`; the owner decides. A press that starts inside and ends on the backdrop (selecting
 * text, say) is no backdrop click. When it closes, the focus goes back to what had it when the
 * dialog opened (the button that opened it), once the page behind is no longer inert. Safari
 * focuses no button or link on a click: a dialog opened by a click there finds the focus on the
 * page, so the control the last press landed on stands for it.
 *
 * Tab wraps (GUIDE section 5: "focus moves in, Tab wraps, Esc closes"): `showModal` alone lets
 * Tab go on from the last control to the browser's own interface before it comes back. Tab on
 * the dialog's last tab stop goes to its first, Shift+Tab on the first to the last; with a single
 * tab stop the focus stays on it, with none it stays where it is. A tab stop is an element in the
 * dialog that is rendered (not `hidden`, `display: none`, `visibility: hidden`, `inert` or in a
 * closed `<details>`), not disabled and has `tabIndex >= 0`, in the browser's order (positive
 * `tabindex` first); a radio group is one stop (its checked radio). Every other Tab is left to
 * the browser, and so is a Tab some element inside has already taken (`defaultPrevented`).
 */
import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { CANDIDATES, tabStops } from '../../focus/tabStops';

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

/** Tab on the last tab stop goes to the first, Shift+Tab on the first to the last. */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const dialog = event.currentTarget;
  const active = dialog.ownerDocument.activeElement;
  if (!(active instanceof HTMLElement) || !dialog.contains(active)) return;
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) {
    // Nothing to go to: the focus stays (rather than leaving for the browser's interface).
    event.preventDefault();
    return;
  }
  const backwards = event.shiftKey;
  const at = stops.findIndex((stop) => stop.includes(active));
  let wrap: boolean;
  if (at >= 0) {
    wrap = backwards ? at === 0 : at === stops.length - 1;
  } else {
    // The focus is on something that is no tab stop (the dialog, a heading with tabindex -1):
    // wrap when no stop lies ahead of it in that direction.
    const ahead = stops.some((stop) =>
      stop.some((element) => {
        const position = active.compareDocumentPosition(element);
        return (position & (backwards ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING)) !== 0;
      }),
    );
    wrap = !ahead;
  }
  if (!wrap) return;
  event.preventDefault();
  // The only stop, and the focus on it already: it stays there.
  if (stops.length === 1 && at === 0) return;
  const target = backwards ? last[last.length - 1] : first[0];
  target?.focus();
}

/** The control the last press (mouse, touch, pen) landed on, anywhere on the page. */
let lastPressed: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (event) => {
      lastPressed = event.target instanceof Element ? event.target.closest(CANDIDATES) : null;
    },
    { capture: true, passive: true },
  );
}

/** What has the focus as a dialog opens, or, where a click focused nothing (Safari), what was pressed. */
function focusOwner(): Element | null {
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return active;
  return lastPressed?.isConnected ? lastPressed : active;
}

export function ModalDialog({ open, onClose, labelledBy, className, style, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const pressedOnBackdrop = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = focusOwner();
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
      onKeyDown={wrapTab}
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
