/**
 * What each kind of promotion shows (newsletter spec sections 2 "Promotions" and 3 "Promotion";
 * header spec section 2 "Promotion benefits bar"): the header benefits bar and its tracking, the
 * top banner, the category banner with its responsive picture, the phase integration; theme,
 * colours and hostile links. Bodies come from the faked service and are read by the real core.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  answer,
  bannerContent,
  benefitsContent,
  categoryContent,
  core,
  loadCore,
  phaseContent,
  renderSlot,
  resetEnvironment,
  serviceAnswering,
  TYPES,
  watchConsole,
} from './promotionHelpers';

beforeAll(loadCore);
beforeEach(watchConsole);
afterEach(resetEnvironment);

/** jsdom cannot navigate: clicks on links are kept on the page (the handlers still run). */
function stayOnPage() {
  const stop = (event: Event) => event.preventDefault();
  document.addEventListener('click', stop);
  return () => document.removeEventListener('click', stop);
}

describe('header benefits bar', () => {
  it('shows the first four benefits, each a link: its own safe link or the newsletter sign-up', async () => {
    serviceAnswering(answer(TYPES.benefits, benefitsContent()));
    await renderSlot({ id: core().headerBenefitsId() });

    const bar = screen.getByRole('region', { name: 'Deine Vorteile' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Versandkostenfrei ab 25 €', '/subscribenewsletter'],
      ['10 % Willkommensgutschein', '/subscribenewsletter'],
      ['Online bestellen, in der Filiale abholen', '/service/storefinder/'],
      // The editor's javascript: link is gone; the benefit still leads to the sign-up.
      ['Kundenservice', '/subscribenewsletter'],
    ]);
    expect(screen.queryByText('Ein fünfter Eintrag')).not.toBeInTheDocument();
    expect(bar.querySelector('[href^="javascript"]')).toBeNull();
    expect(links[0]).toHaveClass('shd-promo-link--bold');
    expect(links[1]).not.toHaveClass('shd-promo-link--bold');
    // The editor's colours (checked by the core) are applied.
    expect(bar).toHaveStyle({ backgroundColor: '#f3efe9', color: '#2b1a10' });
  });

  it("on another site a benefit without its own link leads to that site's sign-up page", async () => {
    serviceAnswering(answer(TYPES.benefits, benefitsContent()));
    await renderSlot({ id: core().headerBenefitsId(), basePath: '/at' }, 'AT');
    const links = within(screen.getByRole('region')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/at/subscribenewsletter',
      // The editor's own links are the site's already (the service answers for the site).
      '/subscribenewsletter',
      '/service/storefinder/',
      '/at/subscribenewsletter',
    ]);
  });

  it('tracks a click on slots 0 to 3 as free shipping, newsletter registration, cross-channel and service', async () => {
    serviceAnswering(answer(TYPES.benefits, benefitsContent()));
    await renderSlot({ id: core().headerBenefitsId() });
    const dataLayer: unknown[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = dataLayer;
    const release = stayOnPage();

    for (const link of screen.getAllByRole('link')) fireEvent.click(link);
    release();

    expect(dataLayer).toEqual(
      ['free shipping', 'newsletter registration', 'cross-channel', 'service'].map((label) => ({
        event: 'ga_event',
        category: 'promotion',
        action: 'benefit click',
        label,
        nonInteraction: false,
      })),
    );
  });

  it('keeps working as a link when the page has no data layer (nothing thrown, nothing pushed)', async () => {
    serviceAnswering(answer(TYPES.benefits, benefitsContent()));
    await renderSlot({ id: core().headerBenefitsId() });
    (window as { dataLayer?: unknown }).dataLayer = { push: jest.fn() };
    const release = stayOnPage();

    expect(() => fireEvent.click(screen.getByRole('link', { name: 'Kundenservice' }))).not.toThrow();
    release();

    expect((window as { dataLayer?: { push: jest.Mock } }).dataLayer?.push).not.toHaveBeenCalled();
  });

  it('asks the service for ~header_top', async () => {
    const service = serviceAnswering(answer(TYPES.benefits, benefitsContent()));
    await renderSlot({ id: core().headerBenefitsId() });
    expect(service.requests.map((r) => r.url)).toEqual(['/service/promotion/api/promotion/~header_top']);
  });
});

describe('top banner', () => {
  it('shows headline, short headline, subline, the chosen voucher (not the button) and the legal hint', async () => {
    serviceAnswering(answer(TYPES.banner, bannerContent()));
    await renderSlot({ id: 'top_banner' });

    const banner = screen.getByRole('region', { name: 'Aktion' });
    // Above the page's own heading, the banner's headline is no heading (a screen reader's
    // heading list starts with the page, not an advertisement).
    expect(within(banner).queryByRole('heading')).not.toBeInTheDocument();
    expect(within(banner).getByText('Kaffee-Wochen: 20 % auf alle Bohnen')).toHaveClass('shd-promo-headline__long');
    expect(within(banner).getByText('20 % auf Bohnen')).toHaveClass('shd-promo-headline__short');
    expect(within(banner).getByText('Nur bis Sonntag')).toBeInTheDocument();
    expect(within(banner).getByText('Im Warenkorb eingeben')).toBeInTheDocument();
    expect(within(banner).getByText('KAFFEE20')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Code kopieren' })).toBeInTheDocument();
    // voucherOrButton chose the voucher: the button is not shown.
    expect(within(banner).queryByRole('link', { name: 'Jetzt entdecken' })).not.toBeInTheDocument();
    const toggle = within(banner).getByRole('button', { name: /Details zum Angebot/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(banner).getByText(/Gültig bis 31\.12\./)).not.toBeVisible();
  });

  it('renders the dark theme inside the dark design-system scope with the editor colours', async () => {
    serviceAnswering(answer(TYPES.banner, bannerContent()));
    await renderSlot({ id: 'top_banner' });

    const banner = screen.getByRole('region', { name: 'Aktion' });
    expect(banner.closest('.sui-scope')).toHaveAttribute('data-sui-theme', 'dark');
    expect(banner).toHaveStyle({ backgroundColor: '#1a2b3c', color: '#ffffff' });
  });

  it("sets the scope's text and link tokens to the editor's text colour so links stay readable", async () => {
    serviceAnswering(answer(TYPES.banner, bannerContent()));
    await renderSlot({ id: 'top_banner' });

    const banner = screen.getByRole('region', { name: 'Aktion' });
    expect(banner.style.getPropertyValue('--sui-color-link')).toBe('#ffffff');
    expect(banner.style.getPropertyValue('--sui-color-text')).toBe('#ffffff');
    expect(banner.style.getPropertyValue('--sui-color-surface')).toBe('#1a2b3c');
  });

  it("on the editor's background, buttons and the focus ring take the editor's text colour (a primary one lettered in the background)", async () => {
    serviceAnswering(answer(TYPES.banner, bannerContent()));
    await renderSlot({ id: 'top_banner' });

    const banner = screen.getByRole('region', { name: 'Aktion' });
    expect(banner.style.getPropertyValue('--sui-color-primary')).toBe('#ffffff');
    expect(banner.style.getPropertyValue('--sui-color-on-primary')).toBe('#1a2b3c');
    expect(banner.style.getPropertyValue('--sui-color-focus')).toBe('#ffffff');
  });

  it("on the editor's background without a text colour, buttons take the theme's text colour", async () => {
    const content = { ...bannerContent() } as Record<string, unknown>;
    delete content.promotionTextColor;
    serviceAnswering(answer(TYPES.banner, content));
    await renderSlot({ id: 'top_banner' });

    const banner = screen.getByRole('region', { name: 'Aktion' });
    expect(banner.style.getPropertyValue('--sui-color-primary')).toBe('var(--sui-color-text)');
    expect(banner.style.getPropertyValue('--sui-color-on-primary')).toBe('#1a2b3c');
  });

  it('shows the button instead when the editor chose it, and a light banner without colours uses the tokens', async () => {
    const content = { ...bannerContent(), useDarkTheme: false, voucherOrButton: { selector: 'ctaButton' } } as Record<
      string,
      unknown
    >;
    delete content.backgroundColor;
    delete content.promotionTextColor;
    serviceAnswering(answer(TYPES.banner, content));
    await renderSlot({ id: 'top_banner' });

    const banner = screen.getByRole('region', { name: 'Aktion' });
    expect(within(banner).getByRole('link', { name: 'Jetzt entdecken' })).toHaveAttribute('href', '/c/kaffee');
    expect(within(banner).queryByText('KAFFEE20')).not.toBeInTheDocument();
    expect(banner.closest('.sui-scope')).toHaveAttribute('data-sui-theme', 'light');
    expect(banner.getAttribute('style') ?? '').toBe('');
  });

  it('drops hostile colours and shows markup in texts as text', async () => {
    serviceAnswering(
      answer(TYPES.banner, {
        headline: '<img src=x onerror=alert(1)>',
        backgroundColor: { colorCode: 'red;background:url(https://evil.example/x)' },
        ctaButton: { ctaLink: { url: 'javascript:alert(1)', text: 'Klick' } },
      }),
    );
    await renderSlot({ id: 'top_banner' });

    const banner = screen.getByRole('region', { name: 'Aktion' });
    expect(within(banner).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(banner.querySelector('img')).toBeNull();
    expect(banner.getAttribute('style') ?? '').not.toMatch(/url|red/);
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
    expect(within(banner).queryByText('Klick')).not.toBeInTheDocument();
  });
});

describe('category banner', () => {
  it('shows headline, subline, links with bold ones bold, the main link as button and the small print', async () => {
    serviceAnswering(answer(TYPES.category, categoryContent()));
    await renderSlot({ id: 'cat_kaffee' });

    expect(screen.getByRole('heading', { level: 2, name: 'Alles für den Kaffeegenuss' })).toBeInTheDocument();
    expect(screen.getByText('Bohnen, Kapseln und Maschinen')).toBeInTheDocument();
    const bold = screen.getByRole('link', { name: 'Bohnen' });
    expect(bold).toHaveAttribute('href', '/c/kaffee/bohnen');
    expect(bold.querySelector('strong')).toHaveTextContent('Bohnen');
    expect(screen.getByRole('link', { name: 'Kapseln' }).querySelector('strong')).toBeNull();
    // The main link is the button here (selector ctaButton); the headline is plain text then.
    expect(screen.getByRole('link', { name: 'Zur Kaffeewelt' })).toHaveAttribute('href', '/c/kaffee');
    expect(screen.getByRole('heading', { level: 2 }).querySelector('a')).toBeNull();
    expect(screen.getByText('Solange der Vorrat reicht.')).toBeInTheDocument();
  });

  it('tracks a click on any of its links as a promotion click with the link text', async () => {
    serviceAnswering(answer(TYPES.category, categoryContent()));
    await renderSlot({ id: 'cat_kaffee' });
    const dataLayer: unknown[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = dataLayer;
    const release = stayOnPage();
    fireEvent.click(screen.getByRole('link', { name: 'Zur Kaffeewelt' }));
    fireEvent.click(screen.getByRole('link', { name: 'Bohnen' }).querySelector('strong') as HTMLElement);
    // A click beside the links is no promotion click.
    fireEvent.click(screen.getByText('Solange der Vorrat reicht.'));
    release();
    expect(dataLayer).toEqual([
      { event: 'ga_event', category: 'promotion', action: 'promotion click', label: 'Zur Kaffeewelt', nonInteraction: false },
      { event: 'ga_event', category: 'promotion', action: 'promotion click', label: 'Bohnen', nonInteraction: false },
    ]);
  });

  it('tracks a click on a link that opens a new tab with its visible text only (no new-tab note)', async () => {
    serviceAnswering(answer(TYPES.category, categoryContent()));
    await renderSlot({ id: 'cat_kaffee' });
    const dataLayer: unknown[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = dataLayer;
    const external = screen.getByRole('link', { name: /Maschinen beim Partner/ });
    // The link carries a note for screen readers that is not part of the tracked label.
    expect(external.querySelector('.sui-visually-hidden')).not.toBeNull();
    const release = stayOnPage();
    fireEvent.click(external);
    release();
    expect(dataLayer).toEqual([
      {
        event: 'ga_event',
        category: 'promotion',
        action: 'promotion click',
        label: 'Maschinen beim Partner',
        nonInteraction: false,
      },
    ]);
  });

  it('lets the headline carry the main link when there is no button text', async () => {
    serviceAnswering(answer(TYPES.category, { headline: 'Sale', linkURL: '/sale' }));
    await renderSlot({ id: 'cat_sale' });

    const heading = screen.getByRole('heading', { level: 2, name: 'Sale' });
    expect(within(heading).getByRole('link', { name: 'Sale' })).toHaveAttribute('href', '/sale');
  });

  it('opens an external link in a new tab without referrer', async () => {
    serviceAnswering(answer(TYPES.category, categoryContent()));
    await renderSlot({ id: 'cat_kaffee' });

    const external = screen.getByRole('link', { name: /Maschinen beim Partner/ });
    expect(external).toHaveAttribute('href', 'https://partner.example/maschinen');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Kapseln' })).not.toHaveAttribute('target');
  });

  it('does not render an unsafe link from the content as a link', async () => {
    serviceAnswering(answer(TYPES.category, categoryContent()));
    const { container } = await renderSlot({ id: 'cat_kaffee' });

    expect(screen.queryByRole('link', { name: 'Gefährlicher Link' })).not.toBeInTheDocument();
    expect(screen.queryByText('Gefährlicher Link')).not.toBeInTheDocument();
    for (const link of container.querySelectorAll('a')) expect(link.getAttribute('href')).not.toMatch(/^javascript/i);
  });

  it('gives the picture a source per breakpoint, widest first, with image paths under /img', async () => {
    serviceAnswering(answer(TYPES.category, categoryContent()));
    const { container } = await renderSlot({ id: 'cat_kaffee' });

    const picture = container.querySelector('picture');
    expect(picture).not.toBeNull();
    const sources = [...(picture as HTMLElement).querySelectorAll('source')];
    expect(sources.map((s) => [s.getAttribute('media'), s.getAttribute('srcset')])).toEqual([
      ['(min-width: 1023px)', '/img/banner/desktop.jpg'],
      ['(min-width: 667px)', '/img/banner/tablet.jpg?v=2'],
    ]);
    const img = (picture as HTMLElement).querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', '/img/banner/phone.jpg');
    expect(img).toHaveAttribute('alt', '');
    // No media query matches in jsdom: the phone cutout's CSS applies.
    expect(img).toHaveStyle({ objectPosition: '30% 50%' });
    expect(img.parentElement?.parentElement).toHaveStyle({ aspectRatio: '1/1' });
  });

  it("applies the CSS of the cutout whose breakpoint matches, and follows the viewport's changes", async () => {
    const listeners = new Set<() => void>();
    let width = 1280;
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      media: query,
      get matches() {
        const px = Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Infinity);
        return width >= px;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })) as unknown as typeof window.matchMedia;
    try {
      serviceAnswering(answer(TYPES.category, categoryContent()));
      const { container } = await renderSlot({ id: 'cat_kaffee' });
      const img = container.querySelector('img') as HTMLImageElement;
      const media = container.querySelector('.shd-promo-media') as HTMLElement;

      expect(img).toHaveStyle({ objectPosition: '50% 20%', objectFit: 'cover' });
      expect(media).toHaveStyle({ aspectRatio: '16/9' });

      width = 800;
      act(() => listeners.forEach((listener) => listener()));
      // The tablet cutout: its allowed declaration only (the url() one was dropped by the core).
      expect(img).toHaveStyle({ width: '100%' });
      expect(img.style.objectPosition).toBe('');
      expect(img.getAttribute('style') ?? '').not.toMatch(/url/);
      expect(media).toHaveStyle({ aspectRatio: '4/3' });
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('phase integration', () => {
  it('shows image, headline, subline and the button', async () => {
    serviceAnswering(answer(TYPES.phase, phaseContent()));
    const { container } = await renderSlot({ id: 'pi_espresso' });

    expect(screen.getByRole('heading', { level: 2, name: 'Die neue Espressomaschine' })).toBeInTheDocument();
    expect(screen.getByText('Jetzt mit 2 Jahren Extra-Garantie')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Maschine' })).toHaveAttribute('href', '/p/espresso');
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', '/img/pi/espresso.jpg');
    expect(img).toHaveStyle({ objectFit: 'contain' });
    expect(container.querySelector('source')).toBeNull();
  });

  it('shows the voucher code with its copy button when the editor chose the voucher', async () => {
    serviceAnswering(
      answer(TYPES.phase, { ...phaseContent(), voucherCode: { code: 'ESPRESSO15' }, voucherOrButton: { selector: 'voucherCode' } }),
    );
    await renderSlot({ id: 'pi_espresso' });

    expect(screen.getByText('ESPRESSO15')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Code kopieren' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Zur Maschine' })).not.toBeInTheDocument();
  });
});

describe('texts per site', () => {
  it('shows the interface texts in the site locale (fr-CH)', async () => {
    serviceAnswering(answer(TYPES.banner, bannerContent()));
    await renderSlot({ id: 'top_banner' }, 'CH_FR');

    expect(screen.getByRole('region', { name: 'Promotion' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copier le code' })).toBeInTheDocument();
  });

  it('uses the default legal hint when the document has none', async () => {
    const content = bannerContent() as Record<string, unknown>;
    delete content.legalTextHint;
    delete content.legalTextHintShort;
    serviceAnswering(answer(TYPES.banner, content));
    await renderSlot({ id: 'top_banner' }, 'PL');

    expect(screen.getByRole('button', { name: 'Informacje prawne' })).toHaveAttribute('aria-expanded', 'false');
  });
});
