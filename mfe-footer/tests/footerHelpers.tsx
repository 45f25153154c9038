/**
 * Shared fixtures and fakes of the footer tests. The only fakes are `fetch` (the footer
 * document, the newsletter status, the A/B assignment) and the browser's facts (width, user
 * agent, cookies); the core is the real WebAssembly build (Node), as in the browser.
 */
import { act, render, type RenderResult } from '@testing-library/react';
import Footer, { type FooterProps } from '../src/Footer';
import { forgetNewsletterStatus } from '../src/data';
import { settle } from '../../build/jest/settle';

export const UA = {
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
  iosChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0 Mobile/15E148 Safari/604.1',
  iosSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};

/** A footer document with every part, as editors write it (site paths, one unsafe link). */
export const footerDocument = () => ({
  headline: 'Wir sind für dich da',
  teaserGroups: [
    {
      heading: { iconName: 'service_info', link: { url: '/service-hilfe', text: 'Hilfe & Service' } },
      hideGroupInCheckout: false,
      introductoryText: 'Fragen zu Bestellung, Lieferung oder Rückgabe?',
      links: [
        { link: { url: '/service-hilfe', text: 'Alle Service-Themen' }, hideInClassic: false },
        { link: { url: '/faq', text: 'Häufige Fragen' }, hideInClassic: true },
        { link: { url: 'mailto:service@shop.example', text: 'E-Mail an den Kundenservice' }, hideInClassic: true },
        { link: { url: 'javascript:alert(1)', text: 'Böser Link' } },
      ],
      images: [{ label: 'Rückgabe innerhalb von 30 Tagen', source: 'return_30_days' }],
    },
    {
      heading: { iconName: 'loyalty_card', link: { url: '/kundenkarte', text: 'Kundenkarte' } },
      hideGroupInCheckout: true,
      links: [{ link: { url: '/kundenkarte', text: 'Kostenlos anmelden' } }],
    },
  ],
  seo: {
    heading: 'Beliebte Kategorien',
    columns: [[{ url: '/c/kaffee', text: 'Kaffee' }], { links: [{ url: '/c/mode', text: 'Mode <b>neu</b>' }] }],
  },
  socialMedia: {
    heading: 'Folge uns',
    icons: [
      { iconName: 'facebook', link: { url: 'https://facebook.example/shop' } },
      { iconName: 'instagram', link: { url: 'https://instagram.example/shop', text: 'Shop auf Instagram' } },
    ],
  },
  appReferences: {
    heading: 'Unsere App',
    icons: [
      { iconName: 'android', link: { url: 'https://play.example/store/apps/shop' } },
      { iconName: 'appleinc', link: { url: 'https://apps.example/app/shop/id1234567890' } },
    ],
  },
  qualityLogos: {
    heading: 'Sicher bezahlen',
    logos: [
      { label: 'Visa', source: 'visa', width: 60, height: 40, link: '/zahlung' },
      { source: 'trusted_shops', width: 40, height: 40, link: { url: 'https://trust.example/shop' } },
    ],
  },
  legalLinks: [
    { link: { url: '/impressum', text: 'Impressum' } },
    { link: { url: '/privacy', text: 'Datenschutz' } },
    { link: { url: '#consent-settings', text: 'Cookie-Einstellungen' } },
  ],
  viewChanger: { toMobile: 'Zur mobilen Ansicht', toDesktop: 'Zur Desktop-Ansicht' },
  salesTax: { textBeforeLink: 'Alle Preise inkl. MwSt., zzgl.', link: { url: '/versandkosten', text: 'Versandkosten' }, textAfterLink: '.' },
});

export interface Answers {
  footer?: { status?: number; body?: string } | 'network-error';
  /** `'hang'`: the call never answers (it ends only when its signal aborts it). */
  newsletterStatus?: string | null | 'hang';
  abTestAssignment?: 'hang';
}

export interface Calls {
  urls: string[];
  init: RequestInit[];
}

/** A fetch answer as far as the footer reads it (jsdom has no `Response`). */
const reply = (body: string, status = 200) => ({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(body) });

/** Fakes `fetch` for the footer's three calls; returns what was asked. */
export function fakeServices(answers: Answers = {}): Calls {
  const calls: Calls = { urls: [], init: [] };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.urls.push(url);
    calls.init.push(init ?? {});
    if (url.endsWith('/SHOP_FOOTER')) {
      const footer = answers.footer ?? {};
      if (footer === 'network-error') throw new TypeError('Failed to fetch');
      const body = footer.body ?? JSON.stringify({ type: 'ApiFooter', contentJSON: JSON.stringify(footerDocument()) });
      return reply(body, footer.status ?? 200);
    }
    if (url === '/json/psdata') {
      const status = answers.newsletterStatus;
      if (status === 'hang') {
        return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }
      return reply(JSON.stringify(status === undefined ? {} : { nl_status: status }), 200);
    }
    if (url.endsWith('/getassignment')) {
      if (answers.abTestAssignment === 'hang') {
        return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }
      return reply('{}', 200);
    }
    return reply('', 404);
  }) as typeof fetch;
  return calls;
}

/** Sets the browser's facts the footer reads: width, user agent, cookies, page language. */
export function browser({ width = 1280, userAgent = UA.desktop, cookie = '' } = {}): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  for (const entry of cookie.split(';').filter(Boolean)) document.cookie = entry.trim();
}

export const SITE_HOMES = { DE: '/', AT: '/at/', CH: '/ch/', CH_FR: '/ch-fr/', PL: '/pl/', CZ: '/cz/', HU: '/hu/', SK: '/sk/', TR: '/tr/' } as const;

/** Renders the footer and lets its calls settle. */
export async function renderFooter(props: FooterProps = {}) {
  let result: RenderResult | undefined;
  // The footer suspends until the core is ready: render inside an awaited act.
  await act(async () => {
    result = render(<Footer site="DE" siteHomes={SITE_HOMES} {...props} />);
  });
  await settle(12);
  return result as RenderResult;
}

export function resetFooterWorld(): void {
  forgetNewsletterStatus();
  window.localStorage.clear();
  document.head.querySelectorAll('meta[name="apple-itunes-app"], link[rel="alternate"]').forEach((element) => element.remove());
  delete (window as { nativeApp?: unknown }).nativeApp;
  delete (window as { mobileApp?: unknown }).mobileApp;
  browser();
}
