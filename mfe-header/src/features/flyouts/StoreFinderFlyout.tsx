/**
 * The store finder flyout (header spec sections 2 "Store finder flyout", 5, 7, 9): a headline, a
 * labelled postcode-or-city input that widens to `headerDimensions().storeSearchFocusWidthPx`
 * (350 px) on focus, a submit button, a link to the store page and, on DE only, the supermarket
 * offers link. Submitting loads `core.storeFinderUrl(term)` as a full page: the term is sent as
 * typed, even empty (the spec shows no check; the results page lists every store then).
 */
import { useId, useMemo, useState, type CSSProperties } from 'react';
import { headerTexts } from '@shop/texts';
import { Button, TextInput, TextLink, useUi, useTranslate, withBasePath } from '@shop/ui';
import { assignLocation } from '../../shared/page';

export interface StoreFinderFlyoutProps {
  /** The site's path prefix (`/at`), for the search and the links. */
  basePath?: string;
  /** A full page load; by default `window.location.assign`. */
  onNavigate?(url: string): void;
}

export function StoreFinderFlyout({ basePath = '', onNavigate = assignLocation }: StoreFinderFlyoutProps) {
  const { core, site } = useUi();
  const t = useTranslate(headerTexts);
  const [term, setTerm] = useState('');
  const headingId = useId();
  const focusWidth = useMemo(() => core.headerDimensions().storeSearchFocusWidthPx, [core]);
  const storePage = core.contentPagePath(site, 'STORE_LOCATOR');
  const supermarketOffers = core.supermarketOffersLink(site);

  return (
    <section
      className="shd-store-finder"
      aria-labelledby={headingId}
      style={{ '--shd-store-search-focus-width': `${focusWidth}px` } as CSSProperties}
    >
      <h2 id={headingId} className="shd-flyout__headline">
        {t('header.storeFinder.headline')}
      </h2>
      <form
        className="shd-store-finder__form"
        role="search"
        aria-labelledby={headingId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onNavigate(withBasePath(basePath, core.storeFinderUrl(term)));
        }}
      >
        <TextInput
          className="shd-store-finder__field"
          label={t('header.storeFinder.label')}
          name="searchTerm"
          autoComplete="postal-code"
          value={term}
          onValueChange={setTerm}
        />
        <Button type="submit" className="shd-store-finder__submit">
          {t('header.storeFinder.submit')}
        </Button>
      </form>
      <ul className="shd-flyout__links">
        {storePage && (
          <li>
            <TextLink href={withBasePath(basePath, storePage)}>{t('header.storeFinder.allStores')}</TextLink>
          </li>
        )}
        {supermarketOffers && (
          <li>
            <TextLink href={withBasePath(basePath, supermarketOffers)}>{t('header.storeFinder.supermarketOffers')}</TextLink>
          </li>
        )}
      </ul>
    </section>
  );
}
