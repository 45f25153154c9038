/**
 * The site switcher (spec section 2 "Footer"): a disclosure button showing the current site's
 * flag and name that opens the list of the nine sites, each a link to that site's home with
 * its flag, `hreflang` and `lang`. The current site is marked `aria-current`; an unknown site is
 * DE. Escape closes the list and returns focus to the button (when the focus was in it: Safari
 * does not focus a button on a click, so after a click there Escape closes it from the page);
 * so do a click outside and focus leaving the switcher. Where the sites' homes are comes from the host (`siteHomes`): on this
 * server they are path prefixes, in production other domains.
 */
import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { Site } from '@shop/core';
import { footerTexts } from '@shop/texts';
import { useTranslate, useUi } from '@shop/ui';
import { SiteFlag } from '../icons/icons';

export type SiteHomes = Partial<Record<Site, string>>;

export function SiteSwitcher({ siteHomes }: { siteHomes?: SiteHomes }) {
  const { core, site } = useUi();
  const t = useTranslate(footerTexts);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const current = core.siteFromCode(site);
  // The host's homes, each a safe URL (a host page embedding the footer passes its own); worked
  // out once, not on every opening and closing.
  const homes = useMemo(() => {
    const safeHomes = new Map<Site, string>();
    for (const entry of core.allSites()) {
      const home = siteHomes?.[entry];
      const safe = typeof home === 'string' ? core.safeUrl(home) : undefined;
      if (safe) safeHomes.set(entry, safe);
    }
    return safeHomes;
  }, [core, siteHomes]);
  const sites = [...homes.keys()];

  // The opened list comes into view whole: it opens upwards, where a host's fixed header
  // (whose height the page's scroll padding gives) may cover its first sites.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) list.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  if (sites.length === 0) return null;
  const name = (entry: Site) => t(`footer.site.${entry}`);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };
  // The focus moving on to something outside closes it (Tab past the last site). The focus going
  // nowhere does not: a click on the list's blank space between the sites takes it from the
  // link or button to no element; a click outside closes through the press above.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !root.current?.contains(next)) setOpen(false);
  };

  return (
    <div className="sft-sites" ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <span className="sft-sites__label" id={`${listId}-label`}>
        {t('footer.sites.label')}
      </span>
      <button
        ref={button}
        type="button"
        className="sft-sites__toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('footer.sites.current', { site: name(current) })}
        onClick={() => setOpen((value) => !value)}
      >
        <SiteFlag site={current} className="sft-sites__flag" />
        <span>{name(current)}</span>
      </button>
      <ul ref={list} id={listId} className="sft-sites__list" aria-labelledby={`${listId}-label`} hidden={!open}>
        {sites.map((entry) => {
          const locale = core.siteLocale(entry);
          return (
            <li key={entry}>
              <a href={homes.get(entry)} hrefLang={locale} lang={locale} aria-current={entry === current ? 'page' : undefined}>
                <SiteFlag site={entry} className="sft-sites__flag" />
                <span>{name(entry)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
