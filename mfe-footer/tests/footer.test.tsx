/**
 * The footer fragment: what the shopper sees of the site's footer document, the start state of
 * its panels, the reduced and classic views, the newsletter block, the site switcher, the
 * desktop-version link, the app banner, and what happens when the document cannot be had.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UA, browser, fakeServices, footerDocument, renderFooter, resetFooterWorld } from './footerHelpers';
import type { Site } from '@shop/core';

beforeEach(() => resetFooterWorld());
afterEach(() => jest.restoreAllMocks());

const panelButton = (name: string) => screen.getByRole('button', { name });

/** Nothing of the footer: no text, no link, no button (the host keeps its static footer). */
function expectNoFooter(container: HTMLElement) {
  expect(container).toHaveTextContent(/^$/);
  expect(container.querySelector('a, button, .sft-footer')).toBeNull();
}

describe('the document', () => {
  it('shows every part: groups, popular categories, icons, logos, legal links, sales tax', async () => {
    fakeServices();
    await renderFooter();
    expect(screen.getByText('Wir sind für dich da')).toBeVisible();
    // Service groups are panels with their heading as the button.
    expect(panelButton('Hilfe & Service')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Fragen zu Bestellung, Lieferung oder Rückgabe?')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Häufige Fragen' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('img', { name: 'Rückgabe innerhalb von 30 Tagen' })).toHaveAttribute('src', '/img/footer/return_30_days.svg');
    expect(panelButton('Beliebte Kategorien')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Kaffee' })).toHaveAttribute('href', '/c/kaffee');
    // Social and app icons are named links.
    expect(screen.getByRole('heading', { name: 'Folge uns' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Facebook (öffnet in einem neuen Tab)' })).toHaveAttribute('href', 'https://facebook.example/shop');
    expect(screen.getByRole('link', { name: 'Shop auf Instagram (öffnet in einem neuen Tab)' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'App für Android (öffnet in einem neuen Tab)' })).toBeVisible();
    // Logos with their size; a linked logo without label is named by its file.
    expect(screen.getByRole('img', { name: 'Visa' })).toHaveAttribute('width', '60');
    expect(screen.getByRole('link', { name: 'Visa' })).toHaveAttribute('href', '/zahlung');
    expect(screen.getByRole('link', { name: 'trusted shops (öffnet in einem neuen Tab)' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    // The note reads as one sentence: a space before the link, none before the full stop.
    expect(screen.getByText(/Alle Preise inkl. MwSt., zzgl./).closest('p')).toHaveTextContent(/^Alle Preise inkl\. MwSt\., zzgl\. Versandkosten\.$/);
    expect(screen.getByRole('link', { name: 'Versandkosten' })).toHaveAttribute('href', '/versandkosten');
  });

  it('asks for the site’s document with its site header and credentials, and fires the A/B assignment once', async () => {
    const calls = fakeServices();
    await renderFooter({ site: 'AT' });
    const documentCall = calls.urls.indexOf('/service/promotion/api/promotion/SHOP_FOOTER');
    expect(documentCall).toBeGreaterThanOrEqual(0);
    expect(calls.init[documentCall]).toMatchObject({ credentials: 'include', headers: { site: 'AT' } });
    expect(calls.urls.filter((url) => url === '/service/abtestfrontend/api/v1/getassignment')).toHaveLength(1);
  });

  it("fires the A/B assignment with the shopper's cookies, so the shopper keeps their test group", async () => {
    const calls = fakeServices();
    await renderFooter();
    const index = calls.urls.indexOf('/service/abtestfrontend/api/v1/getassignment');
    expect(index).toBeGreaterThanOrEqual(0);
    expect(calls.init[index]).toMatchObject({ credentials: 'include' });
  });

  it('asks with the checked site: an unknown one from a host page is DE', async () => {
    const calls = fakeServices();
    await renderFooter({ site: 'XX' as Site });
    const documentCall = calls.urls.indexOf('/service/promotion/api/promotion/SHOP_FOOTER');
    expect(calls.init[documentCall]).toMatchObject({ headers: { site: 'DE' } });
  });

  it('puts site paths under the host’s path prefix and opens web and mail links in a new tab without referrer', async () => {
    fakeServices();
    await renderFooter({ site: 'AT', basePath: '/at' });
    expect(screen.getByRole('link', { name: 'Häufige Fragen' })).toHaveAttribute('href', '/at/faq');
    expect(screen.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/at/impressum');
    const mail = screen.getByRole('link', { name: /E-Mail an den Kundenservice/ });
    expect(mail).toHaveAttribute('href', 'mailto:service@shop.example');
    expect(mail).toHaveAttribute('target', '_blank');
    expect(mail).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Impressum' })).not.toHaveAttribute('target');
  });

  it('drops unsafe links and shows markup in texts as text', async () => {
    fakeServices();
    const { container } = await renderFooter();
    expect(screen.queryByText('Böser Link')).not.toBeInTheDocument();
    expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Mode <b>neu</b>' })).toBeVisible();
    expect(container.querySelector('b')).toBeNull();
  });

  it('makes the consent-settings legal link a button that asks the page to open the consent settings', async () => {
    fakeServices();
    await renderFooter();
    const opened = jest.fn();
    window.addEventListener('shop:consent-settings', opened);
    fireEvent.click(screen.getByRole('button', { name: 'Cookie-Einstellungen' }));
    window.removeEventListener('shop:consent-settings', opened);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Cookie-Einstellungen' })).not.toBeInTheDocument();
  });

  it('leads a group’s links with its heading link when no link goes there, and shows a group without heading text without a panel', async () => {
    const document = footerDocument();
    document.teaserGroups.push(
      { heading: { iconName: 'branch_store', link: { url: '/filialen', text: 'Filialen' } }, hideGroupInCheckout: false, links: [{ link: { url: '/filialen/finden', text: 'Filiale finden' } }] } as never,
      { introductoryText: 'Ohne Überschrift', links: [{ link: { url: '/ohne', text: 'Ein Link' } }] } as never,
    );
    fakeServices({ footer: { status: 200, body: JSON.stringify({ contentJSON: JSON.stringify(document) }) } });
    await renderFooter();
    const stores = screen.getByRole('button', { name: 'Filialen' });
    const panel = window.document.getElementById(stores.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getAllByRole('link').map((link) => link.textContent)).toEqual(['Filialen', 'Filiale finden']);
    // The first group's heading link goes where its first link goes: not listed twice.
    expect(screen.getAllByRole('link', { name: 'Alle Service-Themen' })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Hilfe & Service' })).not.toBeInTheDocument();
    expect(screen.getByText('Ohne Überschrift')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ein Link' })).toBeVisible();
  });

  it('names an icon group by its heading only when it has one: no reference to a missing heading', async () => {
    const document = footerDocument() as Record<string, unknown> & { socialMedia: Record<string, unknown> };
    delete document.socialMedia.heading;
    fakeServices({ footer: { status: 200, body: JSON.stringify({ contentJSON: JSON.stringify(document) }) } });
    const { container } = await renderFooter();
    const social = container.querySelector('.sft-icons--social') as HTMLElement;
    expect(social).not.toBeNull();
    expect(within(social).getByRole('link', { name: 'Facebook (öffnet in einem neuen Tab)' })).toBeInTheDocument();
    expect(within(social).queryByRole('heading')).not.toBeInTheDocument();
    expect(social).not.toHaveAttribute('aria-labelledby');
    // The group with a heading is named by it.
    const apps = container.querySelector('.sft-icons--apps') as HTMLElement;
    const labelledBy = apps.getAttribute('aria-labelledby') ?? '';
    expect(window.document.getElementById(labelledBy)).toHaveTextContent('Unsere App');
  });

  it('shows a document of exactly 512 KiB, the most the core reads', async () => {
    // In ASCII only (the umlauts escaped), so that its characters are its bytes.
    const body = JSON.stringify({ type: 'ApiFooter', contentJSON: JSON.stringify(footerDocument()) }).replace(
      /[\u0080-\uffff]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    fakeServices({ footer: { status: 200, body: body.padEnd(512 * 1024, ' ') } });
    await renderFooter();
    expect(screen.getByRole('link', { name: 'Impressum' })).toBeVisible();
  });

  it('tells the host once it has rendered', async () => {
    fakeServices();
    const onReady = jest.fn();
    await renderFooter({ onReady });
    expect(onReady).toHaveBeenCalledTimes(1);
  });
});

describe('no footer', () => {
  it.each([
    ['an error status', { status: 500, body: '{"error":"boom"}' }],
    ['a 404', { status: 404, body: '' }],
    ['a body that is not JSON', { status: 200, body: '<html>oops</html>' }],
    ['no contentJSON', { status: 200, body: '{"type":"ApiFooter"}' }],
    ['a contentJSON that is not JSON', { status: 200, body: '{"contentJSON":"{oops"}' }],
    // The page keeps its own footer, legal links and tax note included.
    ['an empty document', { status: 200, body: '{"contentJSON":"{}"}' }],
    ['a document without legal links', { status: 200, body: JSON.stringify({ contentJSON: JSON.stringify({ headline: 'Sale', teaserGroups: [] }) }) }],
    // A good footer padded past the core's 512 KiB: not read at all.
    ['an answer over 512 KiB', { status: 200, body: `${JSON.stringify({ type: 'ApiFooter', contentJSON: JSON.stringify(footerDocument()) })}${' '.repeat(512 * 1024)}` }],
  ])('%s renders nothing and does not tell the host it is ready', async (_case, footer) => {
    fakeServices({ footer });
    const onReady = jest.fn();
    const { container } = await renderFooter({ onReady });
    expectNoFooter(container);
    expect(onReady).not.toHaveBeenCalled();
  });

  it('a failed request renders nothing', async () => {
    fakeServices({ footer: 'network-error' });
    const { container } = await renderFooter();
    expectNoFooter(container);
  });
});

describe('panels at start', () => {
  it('are expanded on a wide viewport', async () => {
    fakeServices();
    browser({ width: 1024 });
    await renderFooter();
    expect(panelButton('Hilfe & Service')).toHaveAttribute('aria-expanded', 'true');
    expect(panelButton('Beliebte Kategorien')).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    ['narrower than 767 px', { width: 766 }],
    ['on a smartphone', { width: 1024, userAgent: UA.android }],
    ['on the MATCH platform', { width: 900 }],
  ])('start collapsed %s, and open on a press', async (_case, facts) => {
    fakeServices();
    browser(facts);
    await renderFooter();
    const groups = panelButton('Hilfe & Service');
    expect(groups).toHaveAttribute('aria-expanded', 'false');
    expect(panelButton('Beliebte Kategorien')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Häufige Fragen' })).not.toBeInTheDocument();
    fireEvent.click(groups);
    expect(groups).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Häufige Fragen' })).toBeVisible();
  });
});

describe('the reduced footer', () => {
  it.each([
    ['an affiliate number cookie', { cookie: 'affiliateNumber=4711' }, undefined],
    ['the new app’s cookie', { cookie: 'shopNewApp=1' }, undefined],
    ['the checkout page', {}, 'checkout'],
  ])('with %s hides checkout-hidden groups, popular categories, social and app icons and the newsletter block', async (_case, facts, pageType) => {
    fakeServices();
    browser(facts);
    await renderFooter({ pageType });
    expect(panelButton('Hilfe & Service')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Kundenkarte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Beliebte Kategorien' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Folge uns' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unsere App' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Newsletter abonnieren' })).not.toBeInTheDocument();
    // Legal links stay.
    expect(screen.getByRole('link', { name: 'Impressum' })).toBeVisible();
  });
});

describe('the classic view on a phone', () => {
  it('keeps only each group’s overview link', async () => {
    fakeServices();
    browser({ width: 1440, userAgent: UA.iosSafari });
    await renderFooter();
    // On the phone the panels start collapsed: look inside them too.
    expect(screen.getByRole('link', { name: 'Alle Service-Themen', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Häufige Fragen', hidden: true })).not.toBeInTheDocument();
  });

  it('shows every group exactly one link, its overview link, not the heading’s link beside it (Android, 400 px, desktop version)', async () => {
    const document = footerDocument();
    document.teaserGroups.push(
      {
        heading: { iconName: 'branch_store', link: { url: '/filialen', text: 'Filialen' } },
        hideGroupInCheckout: false,
        links: [
          { link: { url: '/service/storefinder/', text: 'Filiale finden' }, hideInClassic: false },
          { link: { url: '/click-collect', text: 'Click & Collect' }, hideInClassic: true },
        ],
      } as never,
      // Every link flagged: the heading's link is the group's only way in.
      {
        heading: { iconName: 'contact', link: { url: '/kontakt', text: 'Kontakt' } },
        hideGroupInCheckout: false,
        links: [{ link: { url: '/kontakt/formular', text: 'Kontaktformular' }, hideInClassic: true }],
      } as never,
    );
    fakeServices({ footer: { status: 200, body: JSON.stringify({ contentJSON: JSON.stringify(document) }) } });
    browser({ width: 400, userAgent: UA.android });
    window.history.replaceState(null, '', '/?forceWebshop=true');
    await renderFooter();
    window.history.replaceState(null, '', '/');
    const linksIn = (group: string) => {
      const button = panelButton(group);
      fireEvent.click(button);
      const panel = window.document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
      return within(panel).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    };
    expect(linksIn('Hilfe & Service')).toEqual([['Alle Service-Themen', '/service-hilfe']]);
    expect(linksIn('Kundenkarte')).toEqual([['Kostenlos anmelden', '/kundenkarte']]);
    expect(linksIn('Filialen')).toEqual([['Filiale finden', '/service/storefinder/']]);
    expect(linksIn('Kontakt')).toEqual([['Kontakt', '/kontakt']]);
  });

  it('is what the desktop-version link leads to: the phone gets the classic view and no second link', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.android });
    await renderFooter();
    const desktop = screen.getByRole('link', { name: 'Zur Desktop-Ansicht' });
    window.history.replaceState(null, '', desktop.getAttribute('href'));
    cleanup();
    await renderFooter();
    window.history.replaceState(null, '', '/');
    expect(screen.queryByRole('link', { name: 'Zur Desktop-Ansicht' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Service-Themen', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Häufige Fragen', hidden: true })).not.toBeInTheDocument();
    // The way back: the same page without the forced desktop version.
    expect(screen.getByRole('link', { name: 'Zur mobilen Ansicht' })).toHaveAttribute('href', '/');
  });

  it('leads back to the mobile view from a forced desktop page, keeping the rest of the address', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.android });
    window.history.replaceState(null, '', '/c/kaffee?page=2&forceWebshop=true#top');
    await renderFooter();
    expect(screen.getByRole('link', { name: 'Zur mobilen Ansicht' })).toHaveAttribute('href', '/c/kaffee?page=2#top');
    window.history.replaceState(null, '', '/');
  });

  it('keeps every link on a desktop', async () => {
    fakeServices();
    browser({ width: 1440 });
    await renderFooter();
    expect(screen.getByRole('link', { name: 'Häufige Fragen' })).toBeVisible();
  });
});

describe('the newsletter block', () => {
  it.each([
    ['no status', undefined],
    ['another status', 'UNSUBSCRIBED'],
  ])('shows with %s and links to the sign-up page under the site prefix', async (_case, newsletterStatus) => {
    fakeServices({ newsletterStatus });
    await renderFooter({ site: 'AT', basePath: '/at' });
    expect(screen.getByRole('heading', { name: 'Newsletter abonnieren' })).toBeVisible();
    expect(screen.getByText(/10 % Willkommensrabatt/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Newsletter-Anmeldung' })).toHaveAttribute('href', '/at/subscribenewsletter');
  });

  it('is settled before the footer shows: the footer waits for the visitor data, at most 8 s, so the block never pushes the rest down', async () => {
    jest.useFakeTimers();
    try {
      fakeServices({ newsletterStatus: 'hang' });
      const onReady = jest.fn();
      await renderFooter({ onReady });
      // The document is in, the status is not: the page's own footer stays.
      expect(onReady).not.toHaveBeenCalled();
      expect(screen.queryByRole('link', { name: 'Alle Service-Themen' })).not.toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(7_999);
      });
      expect(onReady).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      // No answer in time: the status stays unknown, and the block shows with the rest.
      expect(onReady).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('heading', { name: 'Newsletter abonnieren' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Alle Service-Themen' })).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });

  it("gives up an A/B assignment call that does not answer after 8 s, so it holds none of the browser's connections to the shop", async () => {
    jest.useFakeTimers();
    try {
      const calls = fakeServices({ abTestAssignment: 'hang' });
      await renderFooter();
      const index = calls.urls.findIndex((url) => url.endsWith('/getassignment'));
      expect(index).toBeGreaterThanOrEqual(0);
      const signal = calls.init[index].signal;
      await act(async () => {
        jest.advanceTimersByTime(7_999);
      });
      expect(signal?.aborted).toBe(false);
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(signal?.aborted).toBe(true);
      // The footer itself is unaffected.
      expect(screen.getByRole('link', { name: 'Alle Service-Themen' })).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });

  it('on a page without the block the footer does not wait for the visitor data', async () => {
    fakeServices({ newsletterStatus: 'hang' });
    const onReady = jest.fn();
    await renderFooter({ onReady, newsletterFormHidden: true });
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Alle Service-Themen' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Newsletter abonnieren' })).not.toBeInTheDocument();
  });

  it.each(['WAITING_FOR_DOI', 'SUBSCRIBED'])('is hidden for a visitor whose status is %s', async (newsletterStatus) => {
    fakeServices({ newsletterStatus });
    await renderFooter();
    expect(screen.queryByRole('heading', { name: 'Newsletter abonnieren' })).not.toBeInTheDocument();
  });

  it('goes when the tab is shown again after a sign-up in another tab', async () => {
    fakeServices();
    await renderFooter();
    expect(screen.getByRole('heading', { name: 'Newsletter abonnieren' })).toBeVisible();
    // Signed up elsewhere: the visitor data now says so.
    const calls = fakeServices({ newsletterStatus: 'WAITING_FOR_DOI' });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Newsletter abonnieren' })).not.toBeInTheDocument());
    expect(calls.urls.filter((url) => url === '/json/psdata')).toHaveLength(1);
  });

  it("asks for the visitor's status with the shopper's cookies, never from the cache, so a sign-up shows on the next page", async () => {
    const calls = fakeServices();
    await renderFooter();
    const index = calls.urls.indexOf('/json/psdata');
    expect(index).toBeGreaterThanOrEqual(0);
    expect(calls.init[index]).toMatchObject({ credentials: 'include', cache: 'no-store' });
  });

  it('is hidden when the page shows the sign-up form itself', async () => {
    fakeServices();
    await renderFooter({ newsletterFormHidden: true });
    expect(screen.queryByRole('heading', { name: 'Newsletter abonnieren' })).not.toBeInTheDocument();
  });

  it('asks for the status once however many footers the page renders', async () => {
    const calls = fakeServices();
    await renderFooter();
    await renderFooter();
    expect(calls.urls.filter((url) => url === '/json/psdata')).toHaveLength(1);
  });

  it('speaks the site’s language (%10 in Turkey)', async () => {
    fakeServices();
    await renderFooter({ site: 'TR' });
    expect(screen.getByRole('heading', { name: 'E-bültene abone olun' })).toBeVisible();
    expect(screen.getByText(/%10 hoş geldin indirimi/)).toBeVisible();
  });
});

describe('the site switcher', () => {
  /** The DE footer with its site switcher opened by a click. */
  async function openSwitcher() {
    fakeServices();
    await renderFooter();
    const toggle = screen.getByRole('button', { name: 'Land und Sprache: Deutschland' });
    fireEvent.click(toggle);
    return { toggle, austria: screen.getByRole('link', { name: 'Österreich' }) };
  }

  it('shows the current site and lists the nine sites with their language', async () => {
    fakeServices();
    await renderFooter({ site: 'PL' });
    const toggle = screen.getByRole('button', { name: 'Kraj i język: Polska' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Kraj i język' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(9);
    expect(within(list).getByRole('link', { name: 'Polska' })).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByRole('link', { name: 'Suisse (français)' })).toHaveAttribute('href', '/ch-fr/');
    expect(within(list).getByRole('link', { name: 'Suisse (français)' })).toHaveAttribute('hreflang', 'fr-CH');
    expect(within(list).getByRole('link', { name: 'Magyarország' })).toHaveAttribute('lang', 'hu-HU');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const { toggle, austria } = await openSwitcher();
    austria.focus();
    fireEvent.keyDown(austria, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('opened by a click that leaves the focus on the page (Safari focuses no button on a click), closes on Escape all the same', async () => {
    const { toggle } = await openSwitcher();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    document.body.focus();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Any other key leaves it open.
    fireEvent.click(toggle);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('takes the Escape it closes on, so a listener of the host page leaves it alone', async () => {
    const { toggle, austria } = await openSwitcher();
    austria.focus();
    const heard = jest.fn((event: Event) => event.defaultPrevented);
    document.addEventListener('keydown', heard);
    let notTaken: boolean;
    try {
      notTaken = fireEvent.keyDown(austria, { key: 'Escape' });
    } finally {
      document.removeEventListener('keydown', heard);
    }
    expect(notTaken).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.results[0]?.value).toBe(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('scrolls the opened list into view, as little as needed', async () => {
    const own = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    const scrollIntoView = jest.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: scrollIntoView });
    try {
      fakeServices();
      await renderFooter();
      const toggle = screen.getByRole('button', { name: 'Land und Sprache: Deutschland' });
      expect(scrollIntoView).not.toHaveBeenCalled();
      fireEvent.click(toggle);
      const list = screen.getByRole('list', { name: 'Land und Sprache' });
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });
      expect(scrollIntoView.mock.contexts[0]).toBe(list);
      // Closing does not scroll.
      fireEvent.click(toggle);
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
    } finally {
      if (own) Object.defineProperty(Element.prototype, 'scrollIntoView', own);
      else delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('stays open when a click on its blank space takes the focus to no element; the focus moving on outside closes it', async () => {
    const { toggle, austria } = await openSwitcher();
    fireEvent.blur(austria, { relatedTarget: null });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.blur(austria, { relatedTarget: screen.getByRole('link', { name: 'Alle Service-Themen' }) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside', async () => {
    const { toggle } = await openSwitcher();
    fireEvent.pointerDown(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('takes an unknown site as the page language’s, and DE for an unknown language', async () => {
    fakeServices();
    document.documentElement.lang = 'xx-YY';
    await renderFooter({ site: 'MARS' as never });
    document.documentElement.lang = '';
    expect(screen.getByRole('button', { name: 'Land und Sprache: Deutschland' })).toBeVisible();
  });

  it('offers only the sites the host has a home for', async () => {
    fakeServices();
    await renderFooter({ siteHomes: {} });
    expect(screen.queryByRole('button', { name: /Land und Sprache/ })).not.toBeInTheDocument();
  });

  it('drops a home that is no safe link', async () => {
    fakeServices();
    await renderFooter({ siteHomes: { DE: '/', AT: 'javascript:alert(1)', PL: '//evil.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Land und Sprache: Deutschland' }));
    const list = screen.getByRole('list', { name: 'Land und Sprache' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Deutschland']);
  });
});

describe('the desktop-version link', () => {
  it('is offered on smaller platforms, built from the current path', async () => {
    fakeServices();
    browser({ width: 900 });
    window.history.replaceState(null, '', '/c/kaffee?page=2');
    await renderFooter();
    expect(screen.getByRole('link', { name: 'Zur Desktop-Ansicht' })).toHaveAttribute('href', '/c/kaffee?page=2&forceWebshop=true');
    window.history.replaceState(null, '', '/');
  });

  it("reads the footer's own \"desktop version\" text when the document has no viewChanger texts", async () => {
    const { viewChanger: _none, ...withoutTexts } = footerDocument();
    fakeServices({ footer: { body: JSON.stringify({ type: 'ApiFooter', contentJSON: JSON.stringify(withoutTexts) }) } });
    browser({ width: 900 });
    window.history.replaceState(null, '', '/c/kaffee');
    await renderFooter();
    expect(screen.getByRole('link', { name: 'Zur Desktop-Version' })).toHaveAttribute('href', '/c/kaffee?forceWebshop=true');
    expect(screen.queryByRole('link', { name: 'Zur mobilen Version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Zur Desktop-Ansicht' })).not.toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });

  it('is not offered on the CLASSIC platform or inside the app', async () => {
    fakeServices();
    browser({ width: 1440 });
    await renderFooter();
    expect(screen.queryByRole('link', { name: 'Zur Desktop-Ansicht' })).not.toBeInTheDocument();
  });

  it('is not offered inside the app', async () => {
    fakeServices();
    browser({ width: 900 });
    (window as { nativeApp?: unknown }).nativeApp = {};
    await renderFooter();
    expect(screen.queryByRole('link', { name: 'Zur Desktop-Ansicht' })).not.toBeInTheDocument();
  });
});

describe('the app banner', () => {
  it('shows on Android with the rating and the Play store link, and closing it is remembered', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.android });
    await renderFooter();
    const banner = screen.getByRole('region', { name: 'Hinweis auf unsere App' });
    expect(within(banner).getByRole('img', { name: /5 von 5 Sternen/ })).toBeVisible();
    expect(within(banner).getByText('(89k)')).toBeVisible();
    expect(within(banner).getByRole('link', { name: /Installieren/ })).toHaveAttribute('href', 'https://play.example/store/apps/shop');
    fireEvent.click(within(banner).getByRole('button', { name: 'App-Hinweis schließen' }));
    expect(screen.queryByRole('region', { name: 'Hinweis auf unsere App' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('shop.appBannerClosed')).not.toBeNull();
  });

  it('gives the keyboard\'s focus to the footer\'s last control before it when it closes, not to the page\'s start', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.android });
    await renderFooter();
    const close = screen.getByRole('button', { name: 'App-Hinweis schließen' });
    close.focus();
    fireEvent.click(close);
    expect(screen.queryByRole('region', { name: 'Hinweis auf unsere App' })).not.toBeInTheDocument();
    // On a phone the footer ends with the way to the desktop view.
    expect(screen.getByRole('link', { name: 'Zur Desktop-Ansicht' })).toHaveFocus();
  });

  it('makes room for itself below the legal links while it shows: the footer carries the banner class', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.android });
    const { container } = await renderFooter();
    const footer = container.querySelector('.sft-footer');
    expect(screen.getByRole('region', { name: 'Hinweis auf unsere App' })).toBeVisible();
    expect(footer).toHaveClass('sft-footer--with-banner');
    fireEvent.click(screen.getByRole('button', { name: 'App-Hinweis schließen' }));
    expect(footer).not.toHaveClass('sft-footer--with-banner');
  });

  it('links the App Store on iOS Chrome', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.iosChrome });
    await renderFooter();
    const banner = screen.getByRole('region', { name: 'Hinweis auf unsere App' });
    expect(within(banner).getByRole('link', { name: /Installieren/ })).toHaveAttribute('href', 'https://apps.example/app/shop/id1234567890');
  });

  it.each([
    ['closed before', () => window.localStorage.setItem('shop.appBannerClosed', '1'), UA.android],
    ['inside the app', () => ((window as { mobileApp?: unknown }).mobileApp = {}), UA.android],
    ['on a desktop', () => undefined, UA.desktop],
  ])('stays hidden %s', async (_case, arrange, userAgent) => {
    fakeServices();
    browser({ width: 400, userAgent });
    arrange();
    await renderFooter();
    expect(screen.queryByRole('region', { name: 'Hinweis auf unsere App' })).not.toBeInTheDocument();
  });

  it('stays hidden in the reduced footer', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.android, cookie: 'affiliateNumber=1' });
    await renderFooter();
    expect(screen.queryByRole('region', { name: 'Hinweis auf unsere App' })).not.toBeInTheDocument();
  });

  it('gives other iOS browsers the smart-app-banner hint instead', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.iosSafari });
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.href = 'ios-app://1234567890/http/localhost/';
    document.head.append(link);
    await renderFooter();
    expect(screen.queryByRole('region', { name: 'Hinweis auf unsere App' })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="apple-itunes-app"]')).toHaveAttribute('content', 'app-id=1234567890');
  });

  it("leaves a smart-app-banner hint the page has alone: no second one beside it", async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.iosSafari });
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.href = 'ios-app://1234567890/http/localhost/';
    const own = document.createElement('meta');
    own.name = 'apple-itunes-app';
    own.content = 'app-id=1234567890, app-argument=https://www.shop.example/';
    document.head.append(link, own);
    await renderFooter();
    expect(screen.getByRole('link', { name: 'Impressum' })).toBeVisible();
    const hints = document.head.querySelectorAll('meta[name="apple-itunes-app"]');
    expect(hints).toHaveLength(1);
    expect(hints[0]).toHaveAttribute('content', 'app-id=1234567890, app-argument=https://www.shop.example/');
  });

  it('survives a storage that throws', async () => {
    fakeServices();
    browser({ width: 400, userAgent: UA.android });
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    await renderFooter();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'App-Hinweis schließen' }));
    });
    expect(screen.queryByRole('region', { name: 'Hinweis auf unsere App' })).not.toBeInTheDocument();
  });
});

it('keeps the document’s own texts whatever the locale', async () => {
  fakeServices({ footer: { status: 200, body: JSON.stringify({ contentJSON: { ...footerDocument(), headline: 'Jsme tu pro vás' } }) } });
  await renderFooter({ site: 'CZ' });
  expect(screen.getByText('Jsme tu pro vás')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Země a jazyk: Česká republika' })).toBeVisible();
});
