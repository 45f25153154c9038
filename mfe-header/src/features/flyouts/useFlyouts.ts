/**
 * The icon bar's flyout state (header spec sections 2 "Header icon bar", 4 "Flyouts", 9). The core
 * decides every transition (`nextFlyout`); this hook keeps the timers, listens to what the
 * shopper does and reports it as the core's events:
 *
 * - a mouse resting on an icon (`pointerType` 'mouse') for `timings().flyoutHoverDelayMs`
 *   (200 ms) sends `hoverIntent`, saying whether the focus is inside the open flyout (the core
 *   then keeps it: the field or link the keyboard is in is not taken away); leaving the icon
 *   before cancels it;
 * - a touch tap on an icon sends `tap` (on the cart link the core keeps the state and the link
 *   navigates);
 * - a click or a keyboard activation (Enter, Space) of an icon's button sends `activate` (toggle),
 *   except the first mouse click on a flyout that the same mouse's hover has just opened: that
 *   click confirms it (it stays open, now as opened on purpose) instead of shutting it again a
 *   moment after it appeared;
 * - the mouse leaving the icon-plus-flyout area (the bar with its panels) sends `pointerLeft`,
 *   saying whether the focus is inside the open flyout (the core then keeps it open: a search
 *   term or postcode being typed stays). A panel reaches further left than the bar: the way from
 *   an icon to the panel's left part crosses the header beside the bar. A mouse leaving the area
 *   heading down into the open panel gets `HEADING_INTO_PANEL_MS` to arrive there (entering
 *   the area again drops the leave); any other leaving sends `pointerLeft` at once;
 * - Escape, a press outside the area and focus moving out of it send `close`, as does focus
 *   moving on from the open flyout's icon or panel to another icon; Escape returns focus to the
 *   button of the flyout that was open (when focus was in the header or nowhere).
 *
 * Every opening (also a replacement) dispatches `HEADER_FLYOUT_OPEN_EVENT` on `document` (the
 * navigation's flyout closes on it); the navigation's opening closes the open one in turn (the
 * header's `onOpenChange`): one flyout at a time (header spec section 2).
 *
 * Page overlay (spec section 9, "Flyout overlay hover delay (page overlay) 1 second"): a flyout
 * the shopper opened on purpose (click, keyboard, tap) overlays the page at once; a flyout the
 * mouse opened by hovering overlays it only once the mouse has rested on the open flyout area for
 * `timings().overlayHoverDelayMs` (1 s), so a pointer passing over the icons does not flash the
 * page dark. Replacing one flyout by another through hover keeps the running second (and an
 * overlay already shown); closing ends both. `overlayFlyout` is the flyout the overlay rule
 * counts: `open` once due, else `NONE`; the header shows the overlay while
 * `core.pageOverlayShown(overlayFlyout, navigationOpen)`.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import type { Flyout, FlyoutContext, FlyoutEvent } from '@shop/core';
import { useUi } from '@shop/ui';
import { HEADER_FLYOUT_OPEN_EVENT } from '../promotions/events';
import { onPageOverlay } from './usePageOverlay';
import { mouseBoundary } from '../../shared/mouseBoundary';
import { repeatsMouseClick, usePressBehindClick } from '../../shared/pressBehindClick';
import { keyboardLeft, usePointerPresses } from '../../shared/pointerPressed';

/**
 * How long a mouse that left the icon bar heading down into the open panel has to get there
 * (the way across the header beside the bar takes a shopper's hand 100-300 ms).
 */
const HEADING_INTO_PANEL_MS = 400;

/** What the page says about the cart flyout (the core's `FlyoutContext`). */
export interface FlyoutsOptions {
  /** The current page type is the basket: the cart flyout never opens. */
  pageIsBasket: boolean;
  /** The mini cart is switched on for the page. */
  miniCartEnabled: boolean;
  /** The page is overlaid already (the navigation's flyout is open). */
  pageOverlaid?: boolean;
}

/** How the open flyout was opened (the event kind), `undefined` while none is open. */
export type OpenedBy = 'hoverIntent' | 'tap' | 'activate';

/**
 * Handlers for an icon's item (the icon and its panel): hover intent (the browser's own enter and
 * leave, `mouseBoundary`, through the ref) and the pointer type of a press.
 */
export interface IconItemHandlers {
  ref(element: HTMLElement | null): (() => void) | undefined;
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onPointerCancel(): void;
}

/** Props for the element that is the icon-plus-flyout area (the icon bar's root). */
export interface FlyoutAreaProps {
  /** Hover in and out of the area (`mouseBoundary`) and the mouse's moves in it. */
  ref(element: HTMLElement | null): (() => void) | undefined;
  onBlur(event: FocusEvent<HTMLElement>): void;
}

export interface Flyouts {
  /** The open flyout (the core's state). */
  open: Flyout;
  /** How it was opened. */
  openedBy: OpenedBy | undefined;
  /** `open` once the overlay rule says the page is overlaid (see above), else `NONE`. */
  overlayFlyout: Flyout;
  /** The context the core judges the cart with (the mini cart counts as off once unavailable). */
  context: FlyoutContext;
  /** Whether the cart flyout may open here (`core.cartFlyoutAllowed(context)`). */
  cartAllowed: boolean;
  /** Reports an event to the core and shows its answer. */
  dispatch(event: FlyoutEvent): void;
  /** The `close` event; `returnFocus` puts focus on the button of the flyout that was open. */
  close(options?: { returnFocus?: boolean }): void;
  /**
   * Whether the open flyout holds the keyboard's focus (a field, or a control reached by keys):
   * what the core keeps open against the mouse (`focusInFlyout`), and what the navigation's hover
   * does not replace either.
   */
  holdsFocus(): boolean;
  /** The mini cart could not be loaded (or came back): the cart flyout counts as switched off. */
  setMiniCartAvailable(available: boolean): void;
  /** The id of an icon's disclosure button (focus returns to it) and of its panel. */
  buttonId(flyout: Flyout): string;
  panelId(flyout: Flyout): string;
  /** Spread on an icon's item (icon button or link plus its panel); `onMouseEnter` is told too. */
  itemHandlers(flyout: Flyout, onMouseEnter?: () => void): IconItemHandlers;
  /** The `onClick` of an icon's disclosure button: `tap` after a touch, else `activate`. */
  onButtonClick(flyout: Flyout): (event: MouseEvent<HTMLElement>) => void;
  /** The `onClick` of the cart link: `tap` after a touch (the link navigates whatever the answer). */
  onLinkClick(flyout: Flyout): (event: MouseEvent<HTMLElement>) => void;
  /** Spread on the icon-plus-flyout area. */
  areaProps: FlyoutAreaProps;
}

interface State {
  open: Flyout;
  openedBy: OpenedBy | undefined;
  overlayDue: boolean;
}

const CLOSED: State = { open: 'NONE', openedBy: undefined, overlayDue: false };

export function useFlyouts({ pageIsBasket, miniCartEnabled, pageOverlaid = false }: FlyoutsOptions): Flyouts {
  const { core } = useUi();
  const { flyoutHoverDelayMs, overlayHoverDelayMs } = useMemo(() => core.timings(), [core]);
  const [state, setState] = useState<State>(CLOSED);
  const [miniCartAvailable, setMiniCartAvailable] = useState(true);
  const context = useMemo<FlyoutContext>(
    () => ({ pageIsBasket, miniCartEnabled: miniCartEnabled && miniCartAvailable }),
    [pageIsBasket, miniCartEnabled, miniCartAvailable],
  );
  const cartAllowed = useMemo(() => core.cartFlyoutAllowed(context), [core, context]);

  // The latest state and context, so that timers and document listeners see them.
  const current = useRef<State>(CLOSED);
  const latestContext = useRef(context);
  latestContext.current = context;
  const overlaid = useRef(pageOverlaid);
  overlaid.current = pageOverlaid;
  const area = useRef<HTMLElement | null>(null);
  const hoverTimer = useRef<{ flyout: Flyout; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);
  const overlayTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The last press on an icon: its pointer type tells a tap from a click. */
  const press = usePressBehindClick<Flyout>();
  usePointerPresses();

  const baseId = useId();
  const buttonId = useCallback((flyout: Flyout) => `${baseId}-${flyout.toLowerCase()}-button`, [baseId]);
  const panelId = useCallback((flyout: Flyout) => `${baseId}-${flyout.toLowerCase()}-panel`, [baseId]);

  /** Whether the keyboard focus is inside the open flyout's panel. */
  // The keyboard's focus is in the open flyout as the core means it: the shopper is typing there
  // (a text field) or moving through it with the keyboard (a visible focus). A mouse click on one
  // of its buttons (Remove, Undo) leaves the focus there too, but the hand is on the mouse: the
  // flyout then closes when the mouse leaves, as any other.
  const focusInOpenFlyout = useCallback(() => {
    const open = current.current.open;
    const panel = open === 'NONE' ? null : document.getElementById(panelId(open));
    const active = document.activeElement;
    if (!active || !panel?.contains(active)) return false;
    return active.matches('input, textarea, select, [contenteditable]') || active.matches(':focus-visible');
  }, [panelId]);

  const commit = useCallback((next: State) => {
    current.current = next;
    setState(next);
  }, []);

  const cancelHover = useCallback(() => {
    if (hoverTimer.current) clearTimeout(hoverTimer.current.timer);
    hoverTimer.current = undefined;
  }, []);

  const cancelOverlayTimer = useCallback(() => {
    clearTimeout(overlayTimer.current);
    overlayTimer.current = undefined;
  }, []);

  const dispatch = useCallback(
    (event: FlyoutEvent) => {
      const before = current.current;
      const open = core.nextFlyout(before.open, event, latestContext.current);
      if (open === before.open) return;
      if (open === 'NONE') {
        cancelOverlayTimer();
        commit(CLOSED);
        return;
      }
      const openedBy = event.kind === 'hoverIntent' || event.kind === 'tap' || event.kind === 'activate' ? event.kind : undefined;
      let overlayDue = true;
      if (openedBy === 'hoverIntent') {
        if (before.open === 'NONE' && !overlaid.current) {
          // Opened by the mouse: the overlay waits until the mouse has rested a second. (Over a
          // page the navigation's flyout overlays, it stays: no light flash while the mouse
          // goes from that flyout to an icon, which closes it.)
          overlayDue = false;
          cancelOverlayTimer();
          overlayTimer.current = setTimeout(() => {
            overlayTimer.current = undefined;
            if (current.current.open !== 'NONE') commit({ ...current.current, overlayDue: true });
          }, overlayHoverDelayMs);
        } else {
          overlayDue = before.overlayDue || overlaid.current;
        }
      } else {
        cancelOverlayTimer();
      }
      commit({ open, openedBy, overlayDue });
      document.dispatchEvent(new CustomEvent(HEADER_FLYOUT_OPEN_EVENT));
    },
    [core, commit, cancelOverlayTimer, overlayHoverDelayMs],
  );

  const close = useCallback(
    (options: { returnFocus?: boolean } = {}) => {
      const was = current.current.open;
      cancelHover();
      dispatch({ kind: 'close' });
      if (!options.returnFocus || was === 'NONE' || current.current.open !== 'NONE') return;
      const active = document.activeElement;
      const focusInHeader = !active || active === document.body || (area.current?.contains(active) ?? false);
      if (focusInHeader) document.getElementById(buttonId(was))?.focus();
    },
    [dispatch, cancelHover, buttonId],
  );

  // The mini cart became unavailable while the cart flyout was open: it closes.
  useEffect(() => {
    if (!cartAllowed && current.current.open === 'CART') dispatch({ kind: 'close' });
  }, [cartAllowed, dispatch]);

  // While a flyout is open: Escape and a press outside the area close it.
  const isOpen = state.open !== 'NONE';
  useEffect(() => {
    if (!isOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      // Handled already (the search box closing its suggestions, or closing the flyout itself).
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close({ returnFocus: true });
    };
    const onPointerDown = (event: Event) => {
      const target = event.target as Node | null;
      if (target && area.current?.contains(target)) return;
      // The page overlay closes on its click (`PageOverlay`): closing at the press would remove
      // it, and a finger's tap would then land on the link or button beneath it.
      if (onPageOverlay(target)) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, close]);

  // Nothing keeps running after the header is gone.
  useEffect(
    () => () => {
      cancelHover();
      cancelOverlayTimer();
    },
    [cancelHover, cancelOverlayTimer],
  );

  const itemHandlers = useCallback(
    (flyout: Flyout, onMouseEnter?: () => void): IconItemHandlers => ({
      ref: mouseBoundary(
        () => {
          onMouseEnter?.();
          cancelHover();
          hoverTimer.current = {
            flyout,
            timer: setTimeout(() => {
              hoverTimer.current = undefined;
              dispatch({ kind: 'hoverIntent', flyout, focusInFlyout: focusInOpenFlyout() });
            }, flyoutHoverDelayMs),
          };
        },
        () => {
          if (hoverTimer.current?.flyout === flyout) cancelHover();
        },
      ),
      onPointerDown(event) {
        // A press on the icon, not in its open flyout (a click into the search field there is
        // no click on the icon: a later Enter on the icon must not count as that mouse's click).
        const inPanel = event.target instanceof Node && !!document.getElementById(panelId(flyout))?.contains(event.target);
        press.note(inPanel ? undefined : flyout, event.pointerType);
      },
      onPointerCancel() {
        press.note(undefined);
      },
    }),
    [cancelHover, dispatch, flyoutHoverDelayMs, focusInOpenFlyout, panelId, press],
  );

  const onButtonClick = useCallback(
    (flyout: Flyout) => (event: MouseEvent<HTMLElement>) => {
      // A click decides at once: a hover intent still pending for this icon is dropped.
      cancelHover();
      // A click from the keyboard (Enter, Space: no pointer, `detail` 0) has no press behind it.
      const pressed = press.take(flyout);
      if (repeatsMouseClick(event, pressed)) return;
      const pointerType = event.detail === 0 ? undefined : pressed;
      const before = current.current;
      if (pointerType === 'mouse' && before.open === flyout && before.openedBy === 'hoverIntent') {
        // The mouse rested on the icon (the flyout opened) and then clicked it: the click
        // confirms rather than toggles it shut again. The state stays what the core said; the
        // flyout now counts as opened on purpose (overlay at once, the search input focused).
        cancelOverlayTimer();
        commit({ open: flyout, openedBy: 'activate', overlayDue: true });
        return;
      }
      // The core's `tap` on the cart is the cart link's (it goes to the cart page); the cart's
      // preview button, shown wherever the device can also hover, is a button and toggles.
      const tapped = pointerType === 'touch' && flyout !== 'CART';
      dispatch({ kind: tapped ? 'tap' : 'activate', flyout });
    },
    [cancelHover, cancelOverlayTimer, commit, dispatch, press],
  );

  const onLinkClick = useCallback(
    (flyout: Flyout) => () => {
      if (press.take(flyout) === 'touch') dispatch({ kind: 'tap', flyout });
    },
    [dispatch, press],
  );

  // The mouse's last place inside the area, and a leave that waits for the mouse to reach the
  // open panel it is heading for.
  const lastInside = useRef<{ x: number; y: number } | undefined>(undefined);
  const pendingLeave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelLeave = useCallback(() => {
    clearTimeout(pendingLeave.current);
    pendingLeave.current = undefined;
  }, []);
  useEffect(() => cancelLeave, [cancelLeave]);

  /** Whether the mouse, leaving at `to` from `from`, is heading down into the open panel. */
  const headingIntoPanel = useCallback(
    (from: { x: number; y: number } | undefined, to: { x: number; y: number }) => {
      const open = current.current.open;
      const panel = open === 'NONE' ? null : document.getElementById(panelId(open));
      if (!from || !panel) return false;
      const rect = panel.getBoundingClientRect();
      const dy = to.y - from.y;
      if (dy <= 0 || to.y >= rect.top || rect.width === 0) return false;
      const xAtTop = to.x + ((to.x - from.x) * (rect.top - to.y)) / dy;
      return xAtTop >= rect.left && xAtTop <= rect.right;
    },
    [panelId],
  );

  const areaProps = useMemo<FlyoutAreaProps>(() => {
    /** The mouse left the area: at once, or once it had time to reach the panel it heads for. */
    const leave = (event: globalThis.PointerEvent) => {
      cancelHover();
      cancelLeave();
      const left = () => dispatch({ kind: 'pointerLeft', focusInFlyout: focusInOpenFlyout() });
      if (headingIntoPanel(lastInside.current, { x: event.clientX, y: event.clientY })) {
        pendingLeave.current = setTimeout(() => {
          pendingLeave.current = undefined;
          left();
        }, HEADING_INTO_PANEL_MS);
        return;
      }
      left();
    };
    // Back in the area (the panel reached): the leave is dropped.
    const boundary = mouseBoundary(cancelLeave, leave);
    return {
      ref(element) {
        area.current = element;
        if (!element) return undefined;
        const onMove = (event: globalThis.PointerEvent) => {
          lastInside.current = { x: event.clientX, y: event.clientY };
        };
        const stopBoundary = boundary(element);
        element.addEventListener('pointermove', onMove);
        return () => {
          stopBoundary?.();
          element.removeEventListener('pointermove', onMove);
        };
      },
      onBlur(event) {
        // Focus moving on to the page (Tab out of the header) closes like a click outside; focus
        // going nowhere (a click on plain text) does not. Nor does an open flyout stay open
        // behind the focus moving on from its icon or panel to the next icon: it would hang
        // over the page while the shopper's keyboard is elsewhere.
        const next = event.relatedTarget as Node | null;
        if (!next) return;
        if (!area.current?.contains(next)) {
          dispatch({ kind: 'close' });
          return;
        }
        // (A press's focus change is the press's: its click decides, `keyboardLeft`.)
        const open = current.current.open;
        const openItem = open === 'NONE' ? null : document.getElementById(panelId(open))?.parentElement;
        if (keyboardLeft(openItem, event)) dispatch({ kind: 'close' });
      },
    };
  }, [cancelHover, cancelLeave, dispatch, focusInOpenFlyout, headingIntoPanel, panelId]);

  return {
    open: state.open,
    openedBy: state.openedBy,
    overlayFlyout: state.overlayDue ? state.open : 'NONE',
    context,
    cartAllowed,
    dispatch,
    close,
    holdsFocus: focusInOpenFlyout,
    setMiniCartAvailable,
    buttonId,
    panelId,
    itemHandlers,
    onButtonClick,
    onLinkClick,
    areaProps,
  };
}
