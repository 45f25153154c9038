/**
 * The footer fragment (exposed as `footer/Footer`; newsletter spec section 2 "Footer" and "App
 * install banner", section 3 "Footer content per site", section 4 "Footer newsletter block" and
 * "App banner", section 7): the site's `SHOP_FOOTER` document as the core shows it
 * (`footerView`: the reduced footer drops checkout-hidden groups, popular categories, social and
 * app icons; the classic view on a phone keeps each group's overview link only), the newsletter
 * block, the site switcher, the desktop-version link and the app banner.
 *
 * The footer is reduced when the cookies carry an affiliate number or the new app's marker
 * and on the pages that get the reduced header (checkout), both decided by `footerMode`. A failed or
 * malformed document is no footer (section 8): nothing renders and the host keeps its static
 * footer. `onReady` fires once the footer has rendered, so the host swaps in the same frame.
 */
import { use, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ready, type Site } from '@shop/core';
import { footerTexts, prefetchTexts } from '@shop/texts';
import { ThemeScope, UiProvider, usePlatform, useTranslate, useUi, pageSite, tabStops, WithCore } from '@shop/ui';
import { appBannerClosed, readClient, rememberAppBannerClosed } from './client';
import { useAbTestAssignment, useFooterDocument, useNewsletterStatus } from './data';
import { AppBanner } from './views/AppBanner';
import { IconLinks } from './views/IconLinks';
import { LegalLinks, SalesTaxNote } from './views/LegalLinks';
import { NewsletterBlock } from './views/NewsletterBlock';
import { PopularCategories } from './views/PopularCategories';
import { QualityLogos } from './views/QualityLogos';
import { ServiceGroups } from './views/ServiceGroups';
import { SiteSwitcher, type SiteHomes } from './views/SiteSwitcher';
import './footer.css';

export interface FooterProps {
  /** The site; by default the one of the page language (`<html lang>`). */
  site?: Site;
  /** The page type: the pages with the reduced header (checkout) get the reduced footer. */
  pageType?: string;
  /** The site's path prefix on this server (`/at`; none on DE), for the document's site links. */
  basePath?: string;
  /** The page shows the newsletter form itself: no newsletter block. */
  newsletterFormHidden?: boolean;
  /** Each site's home, for the site switcher (sites without one are not offered). */
  siteHomes?: SiteHomes;
  /** Called once the footer has rendered. */
  onReady?(): void;
}

export default function Footer(props: FooterProps) {
  return (
    <WithCore>
      <FooterWithCore {...props} />
    </WithCore>
  );
}

/** The footer's texts: asked for as this module loads, beside the core, and in before it shows. */
const FOOTER_TEXTS = prefetchTexts([footerTexts]);

function FooterWithCore(props: FooterProps) {
  const core = use(ready());
  const site = pageSite(core, props.site);
  return (
    <UiProvider core={core} site={site} texts={FOOTER_TEXTS}>
      <ThemeScope className="sft-root">
        <FooterContent {...props} />
      </ThemeScope>
    </UiProvider>
  );
}

/** Adds the browser's smart-app-banner hint (iOS browsers other than Chrome) for the page's iOS app. */
function useSmartAppBannerHint(wanted: boolean): void {
  useEffect(() => {
    if (!wanted || document.querySelector('meta[name="apple-itunes-app"]')) return;
    const iosApp = document.querySelector<HTMLLinkElement>('link[rel="alternate"][href^="ios-app://"]')?.getAttribute('href');
    const appId = /^ios-app:\/\/(\d+)\//.exec(iosApp ?? '')?.[1];
    if (!appId) return;
    const meta = document.createElement('meta');
    meta.name = 'apple-itunes-app';
    meta.content = `app-id=${appId}`;
    document.head.append(meta);
  }, [wanted]);
}

/** The footer inside its provider: the core and the checked site come from there (`useUi`). */
function FooterContent(props: FooterProps) {
  const { core, site } = useUi();
  const t = useTranslate(footerTexts);
  const platform = usePlatform();
  const client = useMemo(() => readClient(core), [core]);
  const { reduced, classicView } = core.footerMode(document.cookie, props.pageType ?? '', platform, client.smartphone);
  // The start state of the panels, from the width measured when the footer first renders.
  const [panels] = useState(() => core.footerPanels(window.innerWidth, client.smartphone, platform));
  const body = useFooterDocument(core, site);
  const footer = useMemo(() => (body ? core.footerView(body, reduced, classicView) : undefined), [core, body, reduced, classicView]);
  const newsletter = useNewsletterStatus(core);
  const [bannerClosed, setBannerClosed] = useState(() => appBannerClosed(core));
  const banner = core.appBanner(bannerClosed, client.inApp, reduced, client.device);
  useAbTestAssignment(core);
  useSmartAppBannerHint(footer !== undefined && banner === 'SMART_APP_BANNER_HINT');
  const formHidden = props.newsletterFormHidden ?? false;
  // Whether the newsletter block shows is settled before the footer takes the static one's
  // place: a block arriving after the rest would push everything below it down the page (a
  // layout shift on a short page). Only a status can hide a block the page allows, so without
  // one the footer waits for it (at most the call's `LOAD_TIMEOUT_MS`, the static footer
  // standing meanwhile); a page or footer without the block does not wait.
  const newsletterSettled = newsletter.known || !core.footerNewsletterVisible(formHidden, undefined, reduced);
  const rendered = footer !== undefined && newsletterSettled;
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (rendered) props.onReady?.();
  }, [rendered, props.onReady]);

  if (!footer || !rendered) return null;
  const newsletterVisible = core.footerNewsletterVisible(formHidden, newsletter.status, reduced);
  const viewChange = core.viewChangeLink(client.inApp, platform, window.location.pathname + window.location.search + window.location.hash);
  const closeBanner = () => {
    rememberAppBannerClosed(core);
    // The close button goes with the banner: the keyboard's focus goes to the footer's last
    // tab stop before it rather than to the page's start.
    const before = root.current ? tabStops(root.current).filter(([stop]) => !stop.closest('.sft-app-banner')) : [];
    before[before.length - 1]?.[0].focus();
    setBannerClosed(true);
  };

  return (
    <div ref={root} className={['sft-footer', reduced && 'sft-footer--reduced', banner === 'SHOW' && 'sft-footer--with-banner'].filter(Boolean).join(' ')}>
      {footer.headline && <p className="sft-headline">{footer.headline}</p>}
      {newsletterVisible && <NewsletterBlock basePath={props.basePath} />}
      <ServiceGroups groups={footer.teaserGroups} expanded={panels.serviceGroupsExpanded} classicView={classicView} basePath={props.basePath} />
      <PopularCategories seo={footer.seo} expanded={panels.popularCategoriesExpanded} basePath={props.basePath} />
      <div className="sft-row">
        <IconLinks group={footer.socialMedia} className="sft-icons--social" basePath={props.basePath} />
        <IconLinks group={footer.appReferences} className="sft-icons--apps" basePath={props.basePath} />
      </div>
      <QualityLogos logos={footer.qualityLogos} basePath={props.basePath} />
      <div className="sft-row sft-row--bottom">
        <LegalLinks links={footer.legalLinks} basePath={props.basePath} />
        <SiteSwitcher siteHomes={props.siteHomes} />
      </div>
      <SalesTaxNote salesTax={footer.salesTax} basePath={props.basePath} />
      {viewChange && (
        <p className="sft-view-changer">
          <a href={viewChange.url}>
            {viewChange.change === 'TO_DESKTOP'
              ? (footer.viewChanger?.toDesktop ?? t('footer.desktopVersion'))
              : (footer.viewChanger?.toMobile ?? t('footer.mobileVersion'))}
          </a>
        </p>
      )}
      {banner === 'SHOW' && <AppBanner device={client.device} appReferences={footer.appReferences} onClose={closeBanner} />}
    </div>
  );
}
