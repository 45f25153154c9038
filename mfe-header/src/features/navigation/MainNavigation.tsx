/**
 * The main navigation bar (header spec section 2 "Main navigation bar", section 4 "Navigation",
 * section 7 tracking, section 8 "Header"), after the WAI-ARIA "disclosure navigation with
 * top-level links" example: a `<nav>` landmark holding a list; each entry is a link to its page,
 * and an entry with a flyout (the theme worlds; a category with children or a teaser) has a
 * disclosure button right after the link (`aria-expanded`, `aria-controls` = its flyout, named
 * "{title} – Untermenü öffnen"). The flyout follows the button in the DOM, so Tab moves from the
 * button into the open flyout's links and on to the next entry. A category without a link has
 * only the button, which then carries the title. No `role="menu"`: links and buttons keep their
 * own keys (Enter and Space on the button toggle; Enter on a link follows it).
 *
 * What opens a flyout:
 * - mouse: resting on an entry makes it the candidate; after the core's
 *   `navigationOpenDelayMs` (300 ms) it opens. Another entry restarts the wait; an entry the
 *   mouse leaves before then does not open. An open flyout stays when the mouse leaves the bar
 *   and its flyouts (spec: "Leaving with nothing active closes the flyout. A click outside
 *   closes it"), so the mouse may cross the page on its way back. A mouse click on a link is
 *   tracked and followed;
 * - touch (and pen): the core decides a tap on an entry's link (`navigationTap`): the first tap
 *   opens its flyout instead of following (`preventDefault`), a tap on the open one follows;
 * - keyboard: the disclosure button; Escape closes and puts focus back on the open entry's
 *   button; focus leaving the navigation closes;
 * - a press anywhere outside closes, and so do Escape (wherever the focus is) and one of the
 *   header's icon flyouts opening (an open navigation flyout the mouse has left would otherwise
 *   lie under it).
 *
 * A flyout's content is rendered while the page is idle once the bar is complete, at the latest
 * at its first opening, and stays rendered (hidden) afterwards.
 * While one is open: `onOpenChange(true)` (the header overlays the page: `pageOverlayShown`),
 * the document event `HEADER_FLYOUT_OPEN_EVENT`, and in sticky mode
 * (`core.stickyHeader(platform, stickyBehaviour)`) the body is frozen at its scroll position and
 * restored on close (`useScrollFreeze`); without it, the mouse wheel on the page closes it.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { NavEntry, NavNode, NavTarget, Platform, ThemeWorldFlyout as ThemeWorldData } from '@shop/core';
import { navigationTexts } from '@shop/texts';
import { useUi, useTranslate, withBasePath } from '@shop/ui';
import { mouseBoundary } from '../../shared/mouseBoundary';
import { useCloseWhenStickyEnds } from '../../shared/useCloseWhenStickyEnds';
import { repeatsMouseClick, usePressBehindClick } from '../../shared/pressBehindClick';
import { keyboardLeft, usePointerPresses } from '../../shared/pointerPressed';
import { onPageOverlay } from '../flyouts/usePageOverlay';
import { SCROLLING_FLYOUT_MIN_ROOM_PX, useSpaceBelow } from '../flyouts/useSpaceBelow';
import { HEADER_FLYOUT_OPEN_EVENT } from '../promotions/events';
import { CategoryFlyout, NewTabNote, targetOf } from './CategoryFlyout';
import { ThemeWorldFlyout } from './ThemeWorldFlyout';
import { trackNavigationClick } from './tracking';
import { useNavigationData, type NavigationSeed } from './useNavigationData';
import { useOpenEntry } from './useOpenEntry';
import { useScrollFreeze } from './useScrollFreeze';
import './navigation.css';

export interface MainNavigationProps {
  /** The page's path for `aria-current` and the drill-down preselection; default `location.pathname`. */
  currentPath?: string;
  /** The header's platform (`usePlatform`): with `stickyBehaviour` it decides sticky mode. */
  platform: Platform;
  /** The page asks for the sticky header on every platform. */
  stickyBehaviour?: boolean;
  /** Called when the navigation's flyout opens (`true`) and closes (`false`). */
  onOpenChange?(open: boolean): void;
  /**
   * Whether another header flyout holds the keyboard's focus (a search term being typed): the
   * mouse resting on an entry then opens nothing, which would replace that flyout and what is
   * typed in it; a click, tap or key still opens the entry.
   */
  focusHeldElsewhere?(): boolean;
  /** A navigation route given by the page (`core.navigationUrl`). */
  route?: string;
  /** The page's hide option for theme-world sublines. */
  hideSublines?: boolean;
  /** The site's path prefix on the host (`/pl`): the fallback entries' pages are the site's. */
  basePath?: string;
  /** Service answers the page already holds (not requested again). */
  initialData?: NavigationSeed;
}

/** One bar entry as shown: its key, title, link and what its flyout holds. */
interface BarItem {
  key: string;
  title: string;
  url?: string;
  /** Where the entry's link opens (a category's, as the service says). */
  target?: NavTarget;
  flyout?: { kind: 'themeWorlds'; data: ThemeWorldData } | { kind: 'category'; node: NavNode; index: number };
}

function barItem(
  entry: NavEntry,
  categories: NavNode[] | undefined,
  themeWorlds: ThemeWorldData | undefined,
  fallbackTitle: (key: string) => string,
  basePath: string | undefined,
): BarItem {
  switch (entry.kind) {
    case 'themeWorlds':
      return { key: 'themeWorlds', title: entry.title, url: entry.url, flyout: themeWorlds && { kind: 'themeWorlds', data: themeWorlds } };
    case 'category': {
      const node = categories?.[entry.index];
      const hasFlyout = node !== undefined && (node.children.length > 0 || node.teaser !== undefined);
      return {
        key: `category-${entry.index}`,
        title: entry.title,
        url: entry.url,
        target: entry.target,
        flyout: hasFlyout ? { kind: 'category', node, index: entry.index } : undefined,
      };
    }
    default:
      // The core's fallback links are the site's own paths; the services' links carry the prefix.
      return { key: `fallback-${entry.key}`, title: fallbackTitle(entry.key), url: withBasePath(basePath, entry.url) };
  }
}

/** Touch and pen taps are decided by `navigationTap`; the mouse and the keyboard follow links. */
const isTap = (pointerType: string | undefined) => pointerType === 'touch' || pointerType === 'pen';

function ChevronIcon() {
  return (
    <svg className="shd-nav__chevron" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function MainNavigation({
  currentPath,
  platform,
  stickyBehaviour = false,
  onOpenChange,
  focusHeldElsewhere,
  route,
  hideSublines,
  basePath,
  initialData,
}: MainNavigationProps) {
  const { core } = useUi();
  const t = useTranslate(navigationTexts);
  const { bar, categories, themeWorlds } = useNavigationData({ route, hideSublines, initial: initialData });
  const { navigationOpenDelayMs } = useMemo(() => core.timings(), [core]);
  const { teaserImageWidthPx, teaserImageHeightPx } = useMemo(() => core.headerDimensions(), [core]);
  const { openKey, rendered, hover, open, close, cancelHover, prepare, openedByHover } = useOpenEntry(navigationOpenDelayMs);
  const baseId = useId();
  const root = useRef<HTMLElement>(null);
  const toggles = useRef(new Map<string, HTMLButtonElement>());
  /** The last press on a bar entry (its link or its toggle), read by the click that follows. */
  const press = usePressBehindClick<string>();
  usePointerPresses();
  const path = currentPath ?? window.location.pathname;

  const items = useMemo(
    () => bar.entries.map((entry) => barItem(entry, categories, themeWorlds, (key) => t(`navigation.fallback.${key}`), basePath)),
    [bar, categories, themeWorlds, t, basePath],
  );
  // Once the bar is complete, each flyout's content is rendered (hidden) while the page is idle,
  // one entry per idle period, so a first opening only shows it.
  const unprepared = items
    .filter((item) => item.flyout && !rendered.has(item.key))
    .map((item) => item.key)
    .join(' ');
  useEffect(() => {
    const next = unprepared.split(' ')[0];
    if (!bar.complete || !next) return undefined;
    return whenIdle(() => prepare(next));
  }, [bar.complete, unprepared, prepare]);

  const openPosition = items.findIndex((item) => item.key === openKey);
  const isOpen = openPosition >= 0;

  // The current page: the core's drill-down path in the categories, and for other links the
  // core's path comparison.
  const currentCategoryPath = useMemo(() => (categories ? core.selectedPath(categories, path) : []), [core, categories, path]);
  const isCurrent = useCallback((url: string) => core.isCurrentLink(url, path), [core, path]);
  const entryIsCurrent = (item: BarItem) =>
    item.key.startsWith('category-')
      ? currentCategoryPath.length === 1 && item.key === `category-${currentCategoryPath[0]}`
      : item.url !== undefined && isCurrent(item.url);

  // Sticky mode: the body stays frozen while any flyout is open (switching entries keeps it).
  const sticky = core.stickyHeader(platform, stickyBehaviour);
  useScrollFreeze(isOpen && sticky);
  useCloseWhenStickyEnds(sticky, isOpen, close);
  // Without sticky mode the page scrolls under an open flyout, and would carry the header and the
  // flyout out of sight, leaving only the overlay: a shopper's wheel on the page (not in the
  // flyout, which scrolls on its own) closes it. The keyboard's focus moving through the flyout
  // may scroll the page too; that keeps it.
  useEffect(() => {
    if (!isOpen || sticky) return undefined;
    const onWheel = (event: WheelEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target)) return;
      close();
    };
    window.addEventListener('wheel', onWheel, { passive: true });
    return () => window.removeEventListener('wheel', onWheel);
  }, [isOpen, sticky, close]);
  // The open panel is held to the room the window has below it (the header above it can be tall
  // on a phone, and a frozen page cannot be scrolled to the rest): its own content scrolls.
  const openPanel = useRef<HTMLDivElement>(null);
  const panelSpace = useSpaceBelow(openPanel, isOpen, SCROLLING_FLYOUT_MIN_ROOM_PX, 'border');

  // Tell the header (overlay) and the page (`HEADER_FLYOUT_OPEN_EVENT`) when the flyout opens.
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current === isOpen) return;
    wasOpen.current = isOpen;
    if (isOpen) document.dispatchEvent(new CustomEvent(HEADER_FLYOUT_OPEN_EVENT));
    onOpenChangeRef.current?.(isOpen);
  }, [isOpen]);
  // One of the header's icon flyouts opening closes the navigation's. Declared after the effect
  // above, so it listens only once the navigation's own opening has been told.
  useEffect(() => {
    if (!isOpen) return undefined;
    document.addEventListener(HEADER_FLYOUT_OPEN_EVENT, close);
    return () => document.removeEventListener(HEADER_FLYOUT_OPEN_EVENT, close);
  }, [isOpen, close]);
  useEffect(
    () => () => {
      // Removed while open: the header's overlay must not outlive the flyout.
      if (wasOpen.current) onOpenChangeRef.current?.(false);
      wasOpen.current = false;
    },
    [],
  );

  // A press anywhere outside the navigation closes it; on the page overlay, its click does (as it
  // closes the icon flyouts): closing at the press would take the overlay away, and a finger's
  // tap would land on the link or button beneath it.
  useEffect(() => {
    if (!isOpen) return undefined;
    const onPress = (event: Event) => {
      if (event.target instanceof Node && root.current?.contains(event.target)) return;
      if (onPageOverlay(event.target)) return;
      close();
    };
    const onClick = (event: Event) => {
      if (onPageOverlay(event.target)) close();
    };
    // Escape with the focus outside the navigation (a flyout the mouse opened and left): it
    // closes too. With the focus inside, the navigation's own handler closes and puts the focus
    // on the entry's button. An Escape something else handled (a field's open suggestions) is
    // not the navigation's.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || root.current?.contains(document.activeElement)) return;
      close();
    };
    document.addEventListener('pointerdown', onPress, true);
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onEscape);
    };
  }, [isOpen, close]);

  const follow = useCallback((labels: string[]) => trackNavigationClick(core, labels), [core]);

  const onEntryClick = (item: BarItem, position: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    const pointerType = press.take(item.key);
    // A click from a press (detail > 0) with a finger or pen; a keyboard's click has detail 0.
    if (item.flyout && event.detail > 0 && isTap(pointerType)) {
      if (core.navigationTap(isOpen ? openPosition : undefined, position) === 'OPEN') {
        event.preventDefault();
        open(item.key);
        return;
      }
    }
    follow([item.title]);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || openKey === null) return;
    const toggle = toggles.current.get(openKey);
    close();
    toggle?.focus();
  };

  // Focus leaving the navigation closes the open flyout, and so does focus moving on from the
  // open entry (its link, button or flyout) to another entry: as the icon bar's, a flyout does
  // not stay open behind the keyboard. Focus going nowhere (a click on plain text) keeps it.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (openKey === null || !(next instanceof Node)) return;
    // (A press's focus change is the press's: its click decides, `keyboardLeft`.)
    if (!root.current?.contains(next) || keyboardLeft(toggles.current.get(openKey)?.closest('li'), event)) close();
  };

  return (
    <nav
      ref={root}
      className="shd-nav"
      aria-label={t('navigation.label')}
      data-complete={bar.complete ? 'true' : 'false'}
      data-platform={platform}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <ul className="shd-nav__bar shd-scroll-row">
        {items.map((item, position) => {
          const expanded = item.key === openKey;
          const panelId = `${baseId}-${item.key}`;
          const current = entryIsCurrent(item);
          const inCurrentCategory = item.key === `category-${currentCategoryPath[0]}`;
          const className = ['shd-nav__entry', expanded && 'shd-nav__entry--open', inCurrentCategory && 'shd-nav__entry--current']
            .filter(Boolean)
            .join(' ');
          const toggleRef = (element: HTMLButtonElement | null) => {
            if (element) toggles.current.set(item.key, element);
            else toggles.current.delete(item.key);
          };
          const toggle = () => (expanded ? close() : open(item.key));
          return (
            <li
              key={item.key}
              className={className}
              // Resting on it opens its flyout; passed over, not rested on, its pending opening
              // goes (what is open stays, as its flyout hangs inside the entry). Not while an
              // icon flyout holds the keyboard's focus.
              ref={mouseBoundary(() => {
                if (!focusHeldElsewhere?.()) hover(item.flyout ? item.key : null);
              }, cancelHover)}
            >
              {item.url !== undefined ? (
                <a
                  className="shd-nav__link"
                  href={item.url}
                  {...targetOf(core, item.url, item.target)}
                  // The category page itself, or the category the current page is in.
                  aria-current={current ? 'page' : inCurrentCategory ? 'true' : undefined}
                  onPointerDown={(event) => press.note(item.key, event.pointerType)}
                  onPointerCancel={() => press.note(undefined)}
                  onClick={onEntryClick(item, position)}
                >
                  {item.title}
                  <NewTabNote target={item.target} />
                </a>
              ) : null}
              {item.flyout && (
                <button
                  ref={toggleRef}
                  type="button"
                  className={item.url !== undefined ? 'shd-nav__toggle' : 'shd-nav__toggle shd-nav__toggle--titled'}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  aria-label={item.url !== undefined ? t('navigation.toggle', { title: item.title }) : undefined}
                  aria-current={item.url === undefined && inCurrentCategory ? 'true' : undefined}
                  onPointerDown={(event) => press.note(item.key, event.pointerType)}
                  onPointerCancel={() => press.note(undefined)}
                  onClick={(event) => {
                    const pointerType = press.take(item.key);
                    cancelHover();
                    if (repeatsMouseClick(event, pointerType)) return;
                    // "Hovering or clicking an item opens its flyout": a mouse click on the entry
                    // the mouse rested on (its flyout opened by that, maybe during the press)
                    // confirms it rather than closing it; the next click closes.
                    if (expanded && event.detail === 1 && pointerType === 'mouse' && openedByHover()) {
                      open(item.key);
                      return;
                    }
                    toggle();
                  }}
                >
                  {item.url === undefined && item.title}
                  <ChevronIcon />
                </button>
              )}
              {item.flyout && (
                <div
                  id={panelId}
                  ref={expanded ? openPanel : undefined}
                  className="shd-nav__panel"
                  style={expanded && panelSpace !== undefined ? { maxHeight: `min(70vh, ${panelSpace}px)` } : undefined}
                  hidden={!expanded}
                  data-flyout={item.flyout.kind}
                >
                  {rendered.has(item.key) &&
                    (item.flyout.kind === 'themeWorlds' ? (
                      <ThemeWorldFlyout
                        data={item.flyout.data}
                        imageWidth={teaserImageWidthPx}
                        imageHeight={teaserImageHeightPx}
                        isCurrent={isCurrent}
                        onFollow={follow}
                        t={t}
                      />
                    ) : (
                      <CategoryFlyout
                        category={item.flyout.node}
                        index={item.flyout.index}
                        currentPath={currentCategoryPath}
                        onFollow={follow}
                        t={t}
                      />
                    ))}
                </div>
              )}
              {item.url === undefined && !item.flyout && <span className="shd-nav__link">{item.title}</span>}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Runs `work` once the browser is idle (`requestIdleCallback`, at the latest after 2 s), or after
 * a short pause where there is no such call (Safari); the returned function cancels it.
 */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 200);
  return () => clearTimeout(handle);
}
