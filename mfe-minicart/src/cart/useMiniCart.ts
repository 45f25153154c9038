/**
 * The mini cart's behaviour: the core's state machine driven by service answers, timers and
 * document events. Every rule (what a delete does to the cart, when undo ends, which error
 * shows) is the core's; this hook only sequences calls and keeps time.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { changeCart, fetchCart, pushToDataLayer, readStoredCart, storeCart, type ServiceAnswer } from '@shop/ui';
import type { Cart, CartError, ChangeResult, Core, MiniCartState, MiniCartView, Site } from '@shop/core';

/** What the view gets: what to show, and what a shopper can do. */
export interface MiniCart {
  view: MiniCartView;
  remove(key: string): void;
  undo(key: string): void;
  /** The latest announcement for the polite live region (removed / restored). */
  announcement: Announcement | undefined;
}

export interface Announcement {
  kind: 'removed' | 'restored';
  title: string;
  /** Distinguishes repeated announcements of the same text. */
  serial: number;
}

type Begin = (state: MiniCartState, key: string, now: number) => ChangeResult;
type Settle = (state: MiniCartState, key: string, cart: Cart, request: number) => MiniCartState;
type Fail = (state: MiniCartState, key: string, error: CartError, now: number) => MiniCartState;

function initialState(core: Core, storageKey: string): MiniCartState {
  const empty: MiniCartState = { deleted: [] };
  const stored = readStoredCart(storageKey);
  if (stored === null) return empty;
  const answer = core.parseCartAnswer(200, stored);
  // The cart the page kept is request 0: any answer of the service replaces it.
  return answer.kind === 'cart' ? core.loadSucceeded(empty, answer.answer.cart, 0) : empty;
}

/**
 * `reloadFirst`: the first load is a forced reload (a reload event came before the mini cart was
 * there); read once, when the mini cart mounts. `open`: whether the shopper sees it (a load that
 * failed is tried again each time it opens).
 */
export function useMiniCart(core: Core, site: Site, reloadFirst = false, open = false): MiniCart {
  const settings = useMemo(() => core.cartSettings(site), [core, site]);
  const [state, setState] = useState<MiniCartState>(() => initialState(core, settings.storageKey));
  const current = useRef(state);
  const [announcement, setAnnouncement] = useState<Announcement>();
  const commit = useCallback((next: MiniCartState) => {
    current.current = next;
    setState(next);
  }, []);

  /**
   * Takes an answer's cart (request `request`): the core shows it unless a later request's
   * answer is shown already, and only a cart that is shown is kept in the browser's storage.
   */
  const settleWithCart = useCallback(
    (next: MiniCartState, request: number, cart: Cart) => {
      if (next.shownRequest === request) storeCart(settings.storageKey, cart);
      commit(next);
    },
    [commit, settings],
  );

  // Loads and changes are numbered by the core: an answer older than the shown one is dropped.
  // A check (`keepShownOnFailure`: after a change whose outcome is unknown) that fails leaves
  // what is shown instead of the load error.
  const load = useCallback(
    async (forceReload: boolean, keepShownOnFailure = false): Promise<ServiceAnswer> => {
      const started = core.beginLoad(current.current);
      commit(started.state);
      const answer = await fetchCart(settings, site, forceReload);
      const result = core.parseCartAnswer(answer.status, answer.body);
      if (result.kind === 'cart') {
        const cart = result.answer.cart;
        settleWithCart(core.loadSucceeded(current.current, cart, started.request), started.request, cart);
      } else if (!keepShownOnFailure) {
        commit(core.loadFailed(current.current, result.error, started.request));
      }
      return answer;
    },
    [core, commit, settleWithCart, settings, site],
  );

  // A load that failed is tried again when the shopper opens the mini cart again: its error
  // asks them to try later, and opening it is how they do.
  const wasOpen = useRef(open);
  useEffect(() => {
    const opened = open && !wasOpen.current;
    wasOpen.current = open;
    if (opened && current.current.loadError !== undefined) void load(true);
  }, [open, load]);

  const firstLoadForced = useRef(reloadFirst);
  useEffect(() => {
    void load(firstLoadForced.current);
    const reload = () => void load(true);
    for (const event of settings.reloadEvents) document.addEventListener(event, reload);
    // Another tab of the shop kept a new cart (its answer from the service, after an add or a
    // removal there): taken as this tab's newest answer, so the badge and the lines follow and
    // an undo offered here ends when its line is back. Not stored again (it is the stored one).
    const adoptFromOtherTab = (event: StorageEvent) => {
      if (event.key !== settings.storageKey || event.newValue === null) return;
      const answer = core.parseCartAnswer(200, event.newValue);
      if (answer.kind !== 'cart') return;
      const started = core.beginLoad(current.current);
      commit(core.loadSucceeded(started.state, answer.answer.cart, started.request));
    };
    window.addEventListener('storage', adoptFromOtherTab);
    return () => {
      for (const event of settings.reloadEvents) document.removeEventListener(event, reload);
      window.removeEventListener('storage', adoptFromOtherTab);
    };
  }, [core, commit, load, settings]);

  // Deleted lines leave after 10 s, a change error after 7.5 s: one timer for the next expiry.
  useEffect(() => {
    const wait = core.nextExpiry(state, Date.now());
    if (wait === undefined) return;
    const timer = setTimeout(() => commit(core.expire(current.current, Date.now())), wait);
    return () => clearTimeout(timer);
  }, [core, commit, state]);

  // The item-count document event, whenever the count of a known cart changes (and once it is
  // known). Without a cart (still loading, or the load failed) nothing is announced: the count
  // the page was rendered with stays rather than a 0 that nobody knows. Nor for the cart the
  // browser kept (request 0, shown until the service answers): it may be older than the page's
  // count (a removal on the cart page's form does not touch it).
  const count = state.cart && state.shownRequest !== 0 ? core.itemCount(state) : undefined;
  useEffect(() => {
    if (count === undefined) return;
    document.dispatchEvent(
      new CustomEvent(settings.itemCountEvent, { detail: { itemCount: count } }),
    );
  }, [count, settings]);

  /** Sends a started change and settles it with the service's answer. */
  const change = useCallback(
    async (key: string, payload: unknown, request: number, succeeded: Settle, failed: Fail) => {
      let answer = await changeCart(settings, site, payload);
      const changeStatus = answer.status;
      if (answer.status === 304) {
        // Nothing changed on the service's side: take its current cart as the outcome.
        answer = await fetchCart(settings, site, true);
      }
      const result = core.parseCartAnswer(answer.status, answer.body);
      if (result.kind === 'cart') {
        const cart = result.answer.cart;
        const next = succeeded(current.current, key, cart, request);
        settleWithCart(next, request, cart);
        // Answers that came back in another order than asked for: the service may have made
        // this change after the one shown, so its cart is asked for (the core's rule).
        if (core.reloadsAfterChangeAnswer(next.shownRequest ?? 0, request)) await load(true);
        return true;
      }
      // A change whose answer was lost (or a gateway's, or unreadable) may have been made: the
      // cart is asked for, so the lines and the badge are the service's, and the change counts
      // as made when that cart shows it (a removal then offers its Undo, with no error saying
      // the cart could not be changed); else as failed (the line back where it was).
      const outcomeUnknown = core.changeOutcomeUnknown(changeStatus);
      if (outcomeUnknown) {
        const check = await load(true, true);
        const checked = core.parseCartAnswer(check.status, check.body);
        if (checked.kind === 'cart' && core.changeMade(current.current, key, checked.answer.cart)) {
          commit(succeeded(current.current, key, checked.answer.cart, request));
          return true;
        }
      }
      commit(failed(current.current, key, result.error, Date.now()));
      // The cart changed elsewhere (the service does not know the item): shown as it is now (a
      // removal that found its line gone shows no error; an undo's error stays its 7.5 s: the
      // core's rules). After an unknown outcome it has just been asked for.
      if (!outcomeUnknown && core.reloadsAfterFailedChange(result.error)) await load(true);
      return false;
    },
    [core, commit, settleWithCart, settings, site, load],
  );

  // Announcements for the polite live region, with the title the tile showed.
  const serial = useRef(0);
  const lineOf = useCallback(
    (key: string) => core.miniCartView(current.current, site, Date.now()).lines.find((l) => l.key === key),
    [core, site],
  );
  const announce = useCallback((kind: Announcement['kind'], title: string) => {
    serial.current += 1;
    setAnnouncement({ kind, title, serial: serial.current });
  }, []);

  /**
   * Starts a change of one line (refused while that line has one in flight) and settles it. A
   * removal the service confirmed is tracked (newsletter spec section 7: product or
   * subscription removal); a refused or failed one is not.
   */
  const start = useCallback(
    (key: string, begin: Begin, succeeded: Settle, failed: Fail, done: Announcement['kind']) => {
      const line = lineOf(key);
      const title = line?.title ?? '';
      const started = begin(current.current, key, Date.now());
      if (started.kind !== 'started') return;
      commit(started.start.state);
      void change(key, started.start.payload, started.start.request, succeeded, failed).then((ok) => {
        if (!ok) return;
        announce(done, title);
        if (done === 'removed' && line) pushToDataLayer(core.trackingEvent(line.removalEvent, title, line.subscriptionTracking));
      });
    },
    [core, commit, change, lineOf, announce],
  );

  const remove = useCallback(
    (key: string) => start(key, core.beginRemoval, core.removalSucceeded, core.rollbackRemoval, 'removed'),
    [core, start],
  );
  const undo = useCallback(
    (key: string) => start(key, core.beginUndo, core.undoSucceeded, core.undoFailed, 'restored'),
    [core, start],
  );

  const view = core.miniCartView(state, site, Date.now());
  return { view, remove, undo, announcement };
}
