/**
 * The header's search box with suggestions (header spec section 2 "Search flyout and box"), a
 * WAI-ARIA 1.2 combobox: the input (`role="combobox"`, `aria-autocomplete="list"`) keeps focus
 * and points at the active suggestion with `aria-activedescendant`; the suggestions are a
 * `listbox` with two groups, search terms and products.
 *
 * Keyboard (focus stays in the input):
 * - ArrowDown / ArrowUp move the active option through both groups and wrap around (last ->
 *   first, first -> last); on a closed popup with suggestions they open it on the first / last
 *   option.
 * - Enter on an active term runs that search; on an active product records the click
 *   (`onProductClick`) and goes to the product. Enter with no active option submits the typed
 *   text; the core says where it goes (`searchTarget`: nothing but focus for an empty term, the
 *   terms page for DE "agb", the search page or the client route).
 * - Escape closes an open popup; on a closed one it calls `onClose` (the flyout closes).
 *
 * The popup opens while the shopper types and there are suggestions, and on ArrowDown / ArrowUp;
 * it closes on Escape, on choosing, on submitting, on a press outside the box and when focus
 * leaves the box. The pre-filled text (`?query=` of the page) asks for no suggestions until the
 * shopper types.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { ProductSuggestion, SearchTarget, TermSuggestion } from '@shop/core';
import { searchTexts } from '@shop/texts';
import { Announcement, CloseIcon, IconButton, pushToDataLayer, useTranslate, useUi } from '@shop/ui';
import { assignLocation } from '../../shared/page';
import { ClearIcon, SearchIcon } from './SearchIcon';
import { SuggestionsListbox } from './SuggestionsListbox';
import { usePanelMaxHeight } from './usePanelMaxHeight';
import { hasSuggestions, useSuggestions } from './useSuggestions';
import { useSettledAnnouncement } from './useSettledAnnouncement';
import './search.css';

/** A search the core sends to the single-page host's `search` route. */
export type SearchRoute = Extract<SearchTarget, { kind: 'route' }>;

export interface SearchBoxProps {
  /** `overlay`: the box over the page (550 px); `inline`: in the header or inside a flyout. */
  variant: 'overlay' | 'inline';
  /**
   * Inline inside a flyout: narrow (270 px) or wide (350 px). Without it: 170 px, 408 px on
   * focus. Ignored for `overlay`.
   */
  flyoutWidth?: 'narrow' | 'wide';
  autoFocus?: boolean;
  /**
   * What the field starts with instead of the page's `query` parameter: the text a shopper had
   * typed into the page's own search field before this box took its place. Text that differs
   * from the parameter counts as typed (its suggestions are asked for).
   */
  defaultValue?: string;
  /**
   * The form is a search landmark named "product search" (default). A page that has its own
   * search (the search page, beside the header's) leaves it unnamed, so the two landmarks differ.
   */
  namedLandmark?: boolean;
  /** The host routes on the client: searches go to its `search` route (`onClientRoute`). */
  clientRouting?: boolean;
  /** Receives client-routed searches; without it they load the route's URL. */
  onClientRoute?(route: SearchRoute): void;
  /** Goes to a page; by default `window.location.assign`. */
  onNavigate?(url: string): void;
  /** Records a chosen product suggestion; by default the core's `SUGGESTION_PRODUCT_CLICK` event pushed to `window.dataLayer`. */
  onProductClick?(product: ProductSuggestion): void;
  /** Escape on a closed popup (the flyout holding the box closes); also the overlay's close button. */
  onClose?(): void;
}

export function SearchBox({
  variant,
  flyoutWidth,
  autoFocus = false,
  defaultValue,
  namedLandmark = true,
  clientRouting = false,
  onClientRoute,
  onNavigate = assignLocation,
  onProductClick,
  onClose,
}: SearchBoxProps) {
  const { core, site } = useUi();
  const trackProductClick = onProductClick ?? ((product: ProductSuggestion) => pushToDataLayer(core.trackingEvent('SUGGESTION_PRODUCT_CLICK', product.title)));
  const t = useTranslate(searchTexts);
  const settings = useMemo(() => core.searchSettings(), [core]);
  const widths = useMemo(() => {
    const d = core.headerDimensions();
    if (variant === 'overlay') return [d.searchBoxOverlayWidthPx, d.searchBoxOverlayWidthPx];
    if (flyoutWidth !== undefined) {
      const [narrow, wide] = d.searchBoxFlyoutWidthsPx;
      const px = flyoutWidth === 'wide' ? wide : narrow;
      return [px, px];
    }
    return [d.searchBoxWidthPx, d.searchBoxFocusWidthPx];
  }, [core, variant, flyoutWidth]);

  const [prefill] = useState(() => core.prefillFromQueryString(window.location.search));
  const [value, setValue] = useState(defaultValue ?? prefill);
  /** What suggestions are asked for: only text the shopper typed, not the pre-fill. */
  const [typed, setTyped] = useState(defaultValue !== undefined && defaultValue !== prefill ? defaultValue : '');
  const [open, setOpen] = useState(typed !== '');
  const [activeIndex, setActiveIndex] = useState(-1);
  const { status, suggestions } = useSuggestions(typed);

  const root = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = useCallback((index: number) => `${baseId}-option-${index}`, [baseId]);

  const optionCount = suggestions.terms.length + suggestions.products.length;
  const expanded = open && hasSuggestions(suggestions);
  const active = expanded && activeIndex >= 0 && activeIndex < optionCount ? activeIndex : -1;
  const panelMaxHeight = usePanelMaxHeight(field, expanded);

  // New suggestions: no option is active until the shopper moves to one.
  useEffect(() => setActiveIndex(-1), [suggestions]);

  // The active option stays in sight inside the scrolling panel.
  useEffect(() => {
    if (active < 0) return;
    const element = document.getElementById(optionId(active));
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [active, optionId]);

  const close = useCallback(() => {
    setOpen(false);
    setActiveIndex(-1);
  }, []);

  // A press anywhere outside the box closes the popup.
  useEffect(() => {
    if (!expanded) return undefined;
    const pressed = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', pressed);
    return () => document.removeEventListener('pointerdown', pressed);
  }, [expanded, close]);

  const go = (target: SearchTarget) => {
    if (target.kind === 'focusField') {
      input.current?.focus();
      return;
    }
    close();
    if (target.kind === 'route') {
      setValue(target.query);
      if (onClientRoute) onClientRoute(target);
      else onNavigate(target.url);
      return;
    }
    setValue(target.term);
    onNavigate(target.url);
  };

  const submit = () => go(core.searchTarget(value, site, clientRouting));

  const chooseTerm = (term: TermSuggestion) => {
    if (clientRouting) {
      go(core.searchTarget(term.term, site, true));
      return;
    }
    close();
    setValue(term.term);
    onNavigate(term.url);
  };

  const chooseProduct = (product: ProductSuggestion) => {
    close();
    trackProductClick(product);
    onNavigate(product.url);
  };

  const chooseActive = () => {
    if (active < suggestions.terms.length) {
      const term = suggestions.terms[active];
      if (term) chooseTerm(term);
      return;
    }
    const product = suggestions.products[active - suggestions.terms.length];
    if (product) chooseProduct(product);
  };

  const move = (step: 1 | -1) => {
    if (optionCount === 0) return;
    if (!expanded) {
      setOpen(true);
      setActiveIndex(step === 1 ? 0 : optionCount - 1);
      return;
    }
    setActiveIndex((current) => {
      if (current < 0 || current >= optionCount) return step === 1 ? 0 : optionCount - 1;
      return (current + step + optionCount) % optionCount;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        event.preventDefault();
        if (active >= 0) chooseActive();
        else submit();
        break;
      case 'Escape':
        if (expanded) {
          // Handled here: a flyout listening for Escape stays open.
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (onClose) {
          event.preventDefault();
          onClose();
        }
        break;
      default:
        break;
    }
  };

  const clear = () => {
    setValue('');
    setTyped('');
    close();
    input.current?.focus();
  };

  const announcement = useSettledAnnouncement(
    status === 'loading'
      ? t('search.loading')
      : status === 'done'
        ? optionCount === 0
          ? t('search.countNone')
          : optionCount === 1
            ? t('search.countOne')
            : t('search.countMany', { count: optionCount })
        : '',
    suggestions,
  );

  const style = {
    '--shd-search-width': `${widths[0]}px`,
    '--shd-search-focus-width': `${widths[1]}px`,
  } as CSSProperties;

  return (
    <form
      ref={root}
      role="search"
      aria-label={namedLandmark ? t('search.landmark') : undefined}
      className={`shd-search shd-search--${variant}`}
      style={style}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <label htmlFor={inputId} className="sui-visually-hidden">
        {t('search.label')}
      </label>
      <div ref={field} className="shd-search__field">
        <input
          ref={input}
          id={inputId}
          className="shd-search__input"
          type="text"
          name="query"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={settings.termMaxCharacters}
          placeholder={t('search.placeholder')}
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setTyped(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {value !== '' && (
          <IconButton className="shd-search__button" label={t('search.clear')} icon={<ClearIcon />} onClick={clear} />
        )}
        <IconButton className="shd-search__button" type="submit" label={t('search.submit')} icon={<SearchIcon />} />
        {variant === 'overlay' && onClose && (
          <IconButton className="shd-search__button" label={t('search.close')} icon={<CloseIcon />} onClick={onClose} />
        )}
      </div>
      <SuggestionsListbox
        id={listboxId}
        suggestions={suggestions}
        activeIndex={active}
        optionId={optionId}
        onChooseTerm={chooseTerm}
        onChooseProduct={chooseProduct}
        maxHeightPx={panelMaxHeight}
        hidden={!expanded}
        t={t}
      />
      <div role="status" aria-live="polite" className="sui-visually-hidden">
        {announcement.text && <Announcement serial={announcement.serial}>{announcement.text}</Announcement>}
      </div>
    </form>
  );
}
