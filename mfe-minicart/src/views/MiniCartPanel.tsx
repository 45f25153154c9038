import { useEffect, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';
import type { MiniCartView } from '@shop/core';
import type { Translate } from '@shop/texts';
import { Announcement, Button, NotificationBanner, Spinner, firstTabStop, pushToDataLayer, useUi, withBasePath } from '@shop/ui';
import type { Announcement as CartAnnouncement } from '../cart/useMiniCart';
import { LineTile } from './LineTile';
import { Summary } from './Summary';

export interface MiniCartPanelProps {
  view: MiniCartView;
  /** The site's path prefix on the host: the cart page, checkout and home are the site's. */
  basePath?: string;
  t: Translate;
  headingId: string;
  announcement?: CartAnnouncement;
  onRemove(key: string): void;
  onUndo(key: string): void;
}

/** The mini cart's content in its three states (plus the load-error banner). */
export function MiniCartPanel({ view, basePath, t, headingId, announcement, onRemove, onUndo }: MiniCartPanelProps) {
  const { core } = useUi();
  // The panel shows: the mini cart was opened (tracked once per opening, newsletter spec section 7).
  useEffect(() => {
    pushToDataLayer(core.trackingEvent('MINI_CART_OPEN', ''));
  }, [core]);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusedLine = useFocusKeptOnRemoval(view.status === 'FILLED' ? view.lines.map((l) => l.key) : [], list, heading);
  const changeError = view.changeError ? t(view.changeError.key, { limit: view.changeError.limit ?? '' }) : '';
  return (
    <div className="smc-panel" data-status={view.status}>
      <div className="smc-panel__head">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="smc-panel__title">
          {t('cart.title')}
          {view.status === 'FILLED' && (
            <span className="smc-panel__count"> ({t('cart.itemCount', { count: view.itemCount })})</span>
          )}
        </h2>
        {view.status === 'FILLED' && (
          <p className="smc-panel__total">
            {t('cart.subtotal')} <strong>{view.totalSum}</strong>
          </p>
        )}
      </div>

      {/* Always in the document, so assistive technology hears what appears in it. */}
      <div role="alert" className="smc-alert">
        {(view.loadError || changeError) && (
          <NotificationBanner kind="error" announce={false}>
            {view.loadError ? t(view.loadError.key) : changeError}
          </NotificationBanner>
        )}
      </div>
      <div role="status" className="sui-visually-hidden">
        {view.status === 'LOADING' ? (
          t('cart.loading')
        ) : announcement ? (
          // Said again when the same article is removed once more.
          <Announcement serial={announcement.serial}>
            {t(announcement.kind === 'removed' ? 'cart.removedItem' : 'cart.restoredItem', {
              title: announcement.title,
            })}
          </Announcement>
        ) : null}
      </div>

      {view.status === 'LOADING' && (
        <div className="smc-loading" aria-hidden="true">
          <Spinner />
          {t('cart.loading')}
        </div>
      )}

      {view.status === 'EMPTY' && (
        <div className="smc-empty">
          <p className="smc-empty__title">{t('cart.emptyTitle')}</p>
          <p>{t('cart.emptyText')}</p>
          <Button variant="primary" href={withBasePath(basePath, view.continueShoppingUrl)}>
            {t('cart.continueShopping')}
          </Button>
        </div>
      )}

      {view.status === 'FILLED' && (
        <>
          {view.defectiveBanner && (
            <NotificationBanner kind="warning" announce={false} className="smc-defective">
              {t('cart.defectiveBanner')}
            </NotificationBanner>
          )}
          <ul className="smc-lines" ref={list} onFocus={focusedLine.onFocus} onBlur={focusedLine.onBlur}>
            {view.lines.map((line) => (
              <LineTile key={line.key} line={line} t={t} onRemove={onRemove} onUndo={onUndo} />
            ))}
          </ul>
          <Summary rows={view.summary} t={t} />
          <div className="smc-actions">
            <Button variant="secondary" href={withBasePath(basePath, view.cartUrl)} onClick={() => pushToDataLayer(core.trackingEvent('PROCEED_TO_CART', ''))}>
              {t('cart.toCart')}
            </Button>
            {view.checkoutEnabled ? (
              <Button variant="primary" href={withBasePath(basePath, view.checkoutUrl)} onClick={() => pushToDataLayer(core.trackingEvent('PROCEED_TO_CHECKOUT', ''))}>
                {t('cart.toCheckout')}
              </Button>
            ) : (
              <Button variant="primary" disabled>
                {t('cart.toCheckout')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Keeps keyboard focus in the panel when the line holding it leaves (a deleted line's window
 * ends with the focus on its Undo, say): the focus goes to the next line's first tab stop, else
 * the previous line's, else the panel's heading. Focus elsewhere is left alone.
 */
function useFocusKeptOnRemoval(
  keys: string[],
  list: RefObject<HTMLUListElement | null>,
  fallback: RefObject<HTMLElement | null>,
) {
  const focused = useRef<string>(undefined);
  const shown = useRef(keys);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = keys;
    const left = focused.current;
    if (left === undefined || keys.includes(left)) return;
    focused.current = undefined;
    // Only a focus lost with the line: one that moved on elsewhere stays where it is.
    if (document.activeElement && document.activeElement !== document.body) return;
    const at = before.indexOf(left);
    const candidates = [...before.slice(at + 1), ...before.slice(0, Math.max(at, 0)).reverse()];
    const lines = Array.from(list.current?.querySelectorAll<HTMLElement>('[data-line]') ?? []);
    for (const key of candidates) {
      const line = lines.find((element) => element.getAttribute('data-line') === key);
      // The first control Tab reaches there (its picture's link, out of the tab order, is not one).
      const control = line && firstTabStop(line);
      if (control) {
        control.focus();
        return;
      }
    }
    fallback.current?.focus();
  });
  return {
    onFocus(event: FocusEvent) {
      focused.current = (event.target as Element).closest('[data-line]')?.getAttribute('data-line') ?? undefined;
    },
    onBlur(event: FocusEvent) {
      // Focus moving out of the list (not a focused control leaving with its line).
      const to = event.relatedTarget as Node | null;
      if ((event.target as Node).isConnected && !event.currentTarget.contains(to)) focused.current = undefined;
    },
  };
}
