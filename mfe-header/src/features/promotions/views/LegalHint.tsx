/**
 * The top banner's legal text behind a disclosure button (newsletter spec section 4 "Top banner
 * legal hint": it toggles open and closed, and closes on scroll down, on opening a header flyout
 * or on opening the navigation).
 *
 * - The button is a native `<button>` with `aria-expanded` / `aria-controls` (Enter and Space
 *   work); it shows `legalTextHint`, on narrow screens `legalTextHintShort` (CSS), or a default
 *   text when the document has no hint.
 * - While open: a passive `scroll` listener closes it when the page scrolls down (scrolling up
 *   keeps it), and the header's `HEADER_FLYOUT_OPEN_EVENT` on `document` closes it.
 * - It lies over the header's bar, so it also closes when the keyboard focus moves on to
 *   another element outside it (the logo or the icons it would hide), on a press (mouse, touch,
 *   pen) anywhere outside it, and on Escape, which gives the focus back to the button when the
 *   focus was in it (Safari does not focus a button on a click: opened with the mouse there, the
 *   focus is on the page, and Escape closes it all the same).
 * - A text longer than the window has room for scrolls inside (the page's scrolling down would
 *   close it before its end is read); it is then a tab stop, so the keyboard can scroll it.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { Promotion } from '@shop/core';
import { promotionTexts } from '@shop/texts';
import { useTranslate } from '@shop/ui';
import { HEADER_FLYOUT_OPEN_EVENT } from '../events';

export function LegalHint({ promotion }: { promotion: Promotion }) {
  const t = useTranslate(promotionTexts);
  const [open, setOpen] = useState(false);
  const [scrolls, setScrolls] = useState(false);
  const contentId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = text.current;
    setScrolls(open && !!element && element.scrollHeight > element.clientHeight);
  }, [open, promotion.legalText]);

  useEffect(() => {
    if (!open) return undefined;
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > lastY) setOpen(false);
      lastY = y;
    };
    const onFlyoutOpen = () => setOpen(false);
    // Escape with the focus outside it (inside, the root's handler has it and stops it here).
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    // A press on plain page (or the page's content) moves no focus: it closes the text too.
    const onPressOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener(HEADER_FLYOUT_OPEN_EVENT, onFlyoutOpen);
    document.addEventListener('pointerdown', onPressOutside, true);
    document.addEventListener('keydown', onEscape);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener(HEADER_FLYOUT_OPEN_EVENT, onFlyoutOpen);
      document.removeEventListener('pointerdown', onPressOutside, true);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  if (!promotion.legalText) return null;
  const hint = promotion.legalTextHint ?? t('promotion.legal.hint');
  const shortHint = promotion.legalTextHintShort ?? hint;

  return (
    <div
      ref={root}
      className="shd-promo-legal"
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="shd-promo-legal__toggle"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {shortHint === hint ? (
          <span className="shd-promo-legal__hint-only">{hint}</span>
        ) : (
          <>
            <span className="shd-promo-legal__hint">{hint}</span>
            <span className="shd-promo-legal__hint-short">{shortHint}</span>
          </>
        )}
        <span className="shd-promo-legal__chevron" aria-hidden="true" />
      </button>
      <div ref={text} id={contentId} className="shd-promo-legal__text" hidden={!open} tabIndex={scrolls ? 0 : undefined}>
        {promotion.legalText}
      </div>
    </div>
  );
}
