/**
 * The mini cart fragment's React component (exposed as `minicart/MiniCart`). It loads the cart
 * at start and keeps it, whether open or not: it announces the item count, reloads on the
 * shop's reload events, and shows as a modal dialog while `open`.
 */
import { use, useId, useMemo, type CSSProperties } from 'react';
import { ready, type Core, type Site } from '@shop/core';
import { cartTexts, prefetchTexts } from '@shop/texts';
import { CloseIcon, IconButton, ModalDialog, ThemeScope, UiProvider, WithCore, pageSite, useTranslate } from '@shop/ui';
import { useMiniCart } from './cart/useMiniCart';
import { MiniCartPanel } from './views/MiniCartPanel';
import './minicart.css';

export interface MiniCartProps {
  /** The site; by default the one of the page language (`<html lang>`). */
  site?: Site;
  /**
   * The site's path prefix on the host (`/at`; none on DE or on a site's own domain): the cart
   * page, the checkout and Continue shopping are the site's own.
   */
  basePath?: string;
  /** Whether the mini cart shows (a modal dialog: focus moves in, Esc closes). */
  open: boolean;
  /** The shopper closed it (Esc, the close button, a click beside it). */
  onClose(): void;
  /**
   * `dialog` (default): a modal dialog of its own. `panel`: the content only, for a host that
   * shows it in a flyout of its own (the header's cart flyout): no modal, no close button; the
   * host owns focus, Esc and closing.
   */
  presentation?: 'dialog' | 'panel';
  /**
   * The host was asked to reload the cart (one of the cart's reload events) before the mini cart
   * was on the page: its first load is that reload, with force (header spec section 7).
   */
  reloadFirst?: boolean;
}

export default function MiniCart(props: MiniCartProps) {
  return (
    <WithCore>
      <MiniCartWithCore {...props} />
    </WithCore>
  );
}

/** The cart's texts: asked for as this module loads, and in before the mini cart starts. */
const CART_TEXTS = prefetchTexts([cartTexts]);

function MiniCartWithCore({ site, basePath, open, onClose, presentation = 'dialog', reloadFirst = false }: MiniCartProps) {
  const core = use(ready());
  // As every fragment reads it: the host's site when it is one of the nine, else the page's.
  const shownSite = pageSite(core, site);
  return (
    <UiProvider core={core} site={shownSite} texts={CART_TEXTS}>
      {presentation === 'panel' ? (
        <MiniCartFlyoutPanel core={core} site={shownSite} basePath={basePath} open={open} reloadFirst={reloadFirst} />
      ) : (
        <MiniCartDialog core={core} site={shownSite} basePath={basePath} open={open} onClose={onClose} reloadFirst={reloadFirst} />
      )}
    </UiProvider>
  );
}

/**
 * What the flyout panel and the dialog both show: the cart's content under its heading, with the
 * texts and the heading's id the frame around it needs.
 */
function useMiniCartContent(core: Core, site: Site, basePath: string | undefined, reloadFirst: boolean, open: boolean) {
  const t = useTranslate(cartTexts);
  const cart = useMiniCart(core, site, reloadFirst, open);
  const headingId = useId();
  const content = (
    <MiniCartPanel
      view={cart.view}
      basePath={basePath}
      t={t}
      headingId={headingId}
      announcement={cart.announcement}
      onRemove={cart.remove}
      onUndo={cart.undo}
    />
  );
  return { t, headingId, content };
}

/** The content alone, shown while `open`; the cart keeps loading and announcing while hidden. */
function MiniCartFlyoutPanel({
  core,
  site,
  basePath,
  open,
  reloadFirst,
}: {
  core: Core;
  site: Site;
  basePath?: string;
  open: boolean;
  reloadFirst: boolean;
}) {
  const { headingId, content } = useMiniCartContent(core, site, basePath, reloadFirst, open);
  if (!open) return null;
  return (
    <ThemeScope className="smc-flyout">
      <section aria-labelledby={headingId}>{content}</section>
    </ThemeScope>
  );
}

function MiniCartDialog({
  core,
  site,
  basePath,
  open,
  onClose,
  reloadFirst,
}: {
  core: Core;
  site: Site;
  basePath?: string;
  open: boolean;
  onClose(): void;
  reloadFirst: boolean;
}) {
  const { t, headingId, content } = useMiniCartContent(core, site, basePath, reloadFirst, open);
  // The drawer slides in from the right (header spec section 9: "Slide animation enter 600 ms").
  const slide = useMemo(() => ({ '--smc-slide-enter': `${core.timings().slideEnterMs}ms` }) as CSSProperties, [core]);

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={headingId} className="smc-dialog" style={slide}>
      <ThemeScope className="smc-dialog__inner">
        <IconButton className="smc-dialog__close" label={t('cart.close')} icon={<CloseIcon />} onClick={onClose} />
        {content}
      </ThemeScope>
    </ModalDialog>
  );
}
