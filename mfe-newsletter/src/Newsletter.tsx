/**
 * The newsletter sign-up fragment (exposed as `newsletter/Newsletter`; newsletter spec section 2
 * "Newsletter sign-up", sections 3, 4, 5, 7, 8): the title, the picture with its discount
 * bubble, the site's form (the core's `newsletterForm`), the success message and the error
 * banners. Every rule is the core's; the fragment keeps the form's values and view state.
 *
 * The host tells where the sign-up comes from (`origin`, `originAddition`), whether the page is
 * a single-page app (the private service path), and may start with the invalid-link banner
 * (`doiInvalid`; by default read from the page's `?doi=invalid`, where the confirmation link
 * sends an unknown token).
 */
import { use, useLayoutEffect } from 'react';
import { ready, type Origin, type Site } from '@shop/core';
import { newsletterTexts, prefetchTexts } from '@shop/texts';
import { ThemeScope, UiProvider, useTranslate, useUi, pageSite, WithCore } from '@shop/ui';
import { SignupForm } from './SignupForm';
import './newsletter.css';

export interface NewsletterProps {
  /** The site; by default the one of the page language (`<html lang>`). */
  site?: Site;
  /** The site's path prefix on this server (`/at`; none on DE), for the page's links. */
  basePath?: string;
  /** Where the sign-up comes from (default `NEWSLETTER`). */
  origin?: Origin;
  /** Which place it comes from, e.g. `footer` (default: the core's sign-up page's, `newsletterpage`). */
  originAddition?: string;
  /** The cookie holding the page's CSRF token, repeated to the base-data call (default `csrf`). */
  csrfCookie?: string;
  /** The page is a single-page app: the sign-up goes to the private service. */
  singlePageApp?: boolean;
  /** The voucher footnote (shown by default). */
  voucherFootnote?: boolean;
  /** Starts with the banner of an invalid double opt-in link (default: the page's `?doi=invalid`). */
  doiInvalid?: boolean;
  /** Scrolls the success message into view (default true). */
  scrollSuccessIntoView?: boolean;
  /** Called once the sign-up has rendered. */
  onReady?(): void;
}

export default function Newsletter(props: NewsletterProps) {
  return (
    <WithCore>
      <NewsletterWithCore {...props} />
    </WithCore>
  );
}

/** The sign-up's texts: asked for as this module loads, beside the core, and in before it shows. */
const NEWSLETTER_TEXTS = prefetchTexts([newsletterTexts]);

function NewsletterWithCore(props: NewsletterProps) {
  const core = use(ready());
  const site = pageSite(core, props.site);
  return (
    <UiProvider core={core} site={site} texts={NEWSLETTER_TEXTS}>
      <ThemeScope className="snl-root">
        <NewsletterPage {...props} site={site} />
      </ThemeScope>
    </UiProvider>
  );
}

function NewsletterPage(props: NewsletterProps & { site: Site }) {
  const { core } = useUi();
  const t = useTranslate(newsletterTexts);
  // The double opt-in notice the page's address carries (`?doi=invalid` / `?doi=confirmed`).
  const doi = core.doiNotice(window.location.search);
  const { imageDesktopFromPx, imageTabletFromPx } = core.signupSettings();
  useLayoutEffect(() => props.onReady?.(), [props.onReady]);
  return (
    <div className="snl-page">
      <div className="snl-intro">
        <h1 className="snl-title">{t('newsletter.title')}</h1>
        <p>{t('newsletter.intro')}</p>
      </div>
      <div className="snl-picture">
        <picture>
          <source media={`(min-width: ${imageDesktopFromPx}px)`} srcSet="/img/newsletter/newsletter-desktop.jpg" width={1200} height={600} />
          <source media={`(min-width: ${imageTabletFromPx}px)`} srcSet="/img/newsletter/newsletter-tablet.jpg" width={800} height={450} />
          <img src="/img/newsletter/newsletter-mobile.jpg" alt={t('newsletter.imageAlt')} width={480} height={300} />
        </picture>
        <span className="snl-bubble" aria-hidden="true">
          {t('newsletter.bubble')}
        </span>
      </div>
      <SignupForm
        site={props.site}
        basePath={props.basePath}
        csrfCookie={props.csrfCookie}
        origin={props.origin ?? 'NEWSLETTER'}
        originAddition={props.originAddition ?? core.signupSettings().pageOriginAddition}
        singlePageApp={props.singlePageApp ?? false}
        voucherFootnote={props.voucherFootnote ?? true}
        doiInvalid={props.doiInvalid ?? doi === 'INVALID'}
        doiConfirmed={doi === 'CONFIRMED'}
        scrollSuccessIntoView={props.scrollSuccessIntoView ?? true}
      />
    </div>
  );
}
