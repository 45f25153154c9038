/**
 * The mini cart's states and what each shows: loading, empty, filled (every item kind and the
 * defective ones), price summary and price display, checkout, availability notes, load errors
 * and hostile data. The core is real; only the cart service (fetch) is faked.
 */
import { act, fireEvent, isInaccessible, screen, within } from '@testing-library/react';
import MiniCart from '../src/MiniCart';
import {
  coffee,
  defectiveAbo,
  defectiveGiftCard,
  defectiveGrinder,
  defectivePartner,
  defectiveThermos,
  espressoAbo,
  fakeService,
  flush,
  freeSample,
  giftCard,
  hose,
  machine,
  makeCart,
  mugs,
  partner,
  removeButton,
  renderMiniCart,
  resetEnvironment,
  serviceWithCart,
  sweater,
  TEXT,
  tile,
  yogaMat,
} from './helpers';

afterEach(resetEnvironment);

/** The text of a summary row (its label and amount), found by its label. */
function summaryRow(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
}

describe('loading', () => {
  it('shows the loading state while the GET is pending, then the filled cart', async () => {
    const service = fakeService();
    await renderMiniCart();

    expect(screen.getByRole('status')).toHaveTextContent(TEXT.loading);
    expect(screen.getByRole('heading', { name: 'Warenkorb' })).toBeInTheDocument();
    expect(screen.queryByText('Direkt zur Kasse')).not.toBeInTheDocument();
    expect(service.gets()).toHaveLength(1);
    expect(service.gets()[0].url).toBe('/service/cart/api/cart');

    service.gets()[0].reply(200, makeCart({ articles: [coffee()] }));
    expect(await screen.findByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent(TEXT.loading);
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();
  });
});

describe('loading for assistive technology', () => {
  it('says "loading" once, in the status region: the visible loading text is hidden from screen readers', async () => {
    fakeService();
    await renderMiniCart();

    const shown = screen.getAllByText(TEXT.loading);
    expect(shown.length).toBeGreaterThan(1);
    const heard = shown.filter((element) => !isInaccessible(element));
    expect(heard).toEqual([screen.getByRole('status')]);
  });
});

describe('empty cart', () => {
  it('shows the title, the text and "Weiter einkaufen" linking to /', async () => {
    serviceWithCart(makeCart({}));
    await renderMiniCart();

    expect(await screen.findByText(TEXT.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(TEXT.emptyText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weiter einkaufen' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Direkt zur Kasse' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Direkt zur Kasse' })).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
  });
});

describe("the site's own pages", () => {
  it('leads to the cart page, the checkout and the home page of the site under its prefix', async () => {
    serviceWithCart(makeCart({ articles: [coffee()] }));
    await renderMiniCart({ site: 'AT', basePath: '/at' });
    await screen.findByText('Barista Caffè Crema, 1 kg Bohnen');
    expect(screen.getByRole('link', { name: 'Zum Warenkorb' })).toHaveAttribute('href', '/at/cart?step=shopping_cart');
    expect(screen.getByRole('link', { name: 'Direkt zur Kasse' })).toHaveAttribute('href', '/at/checkout');
  });

  it('continues shopping on the site', async () => {
    serviceWithCart(makeCart({}));
    await renderMiniCart({ site: 'PL', basePath: '/pl' });
    const link = await screen.findByRole('link', { name: /Kontynuuj zakupy|zakupy/i });
    expect(link).toHaveAttribute('href', '/pl/');
  });
});

describe('filled cart', () => {
  it("shows the goods' value in DE format and a tile for every item kind", async () => {
    const cart = makeCart(
      {
        articles: [coffee()],
        freeArticles: [freeSample()],
        giftCards: [giftCard()],
        partnerProducts: [partner()],
        subscriptions: [espressoAbo()],
      },
      { totalSum: 1699 },
    );
    serviceWithCart(cart);
    await renderMiniCart();

    expect(await screen.findByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
    // Header: count and the goods' value (DE: comma decimal, no currency symbol).
    expect(screen.getByRole('heading', { name: 'Warenkorb (5 Artikel)' })).toBeInTheDocument();
    const total = screen.getByText('Warenwert', { selector: 'p' });
    expect(total).toHaveTextContent('Warenwert 16,99');

    // Article: title linking to the product page, dimension, quantity, price.
    const article = tile('Barista Caffè Crema, 1 kg Bohnen');
    expect(within(article).getByRole('link', { name: 'Barista Caffè Crema, 1 kg Bohnen' })).toHaveAttribute(
      'href',
      '/p/400001',
    );
    expect(within(article).getByText('Röstung: mittel')).toBeInTheDocument();
    expect(within(article).getByText('Menge: 1')).toBeInTheDocument();
    expect(within(article).getByText('16,99')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Barista Caffè Crema, 1 kg Bohnen entfernen' })).toHaveTextContent(
      'Entfernen',
    );

    // Free article.
    const free = tile('Gratis: Probierpaket Espresso');
    expect(within(free).getByText('Gratis')).toBeInTheDocument();
    expect(within(free).getByText('0,00')).toBeInTheDocument();

    // Gift card.
    const card = tile('Geschenkkarte 25 €');
    expect(within(card).getByText('Geschenkkarte')).toBeInTheDocument();
    expect(within(card).getByText('25,00')).toBeInTheDocument();

    // Partner product: links to its form.
    const plan = tile('Mobilfunktarif Basic');
    expect(within(plan).getByText('Partnerangebot')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Mobilfunktarif Basic' })).toHaveAttribute(
      'href',
      '/partner/mobile-basic',
    );
    expect(within(plan).getByText('9,99')).toBeInTheDocument();

    // Subscription: its articles listed, recurring and one-off.
    const abo = tile('Espresso, 500 g');
    expect(within(abo).getByText('Abo')).toBeInTheDocument();
    expect(within(abo).getByText('2 × Espresso, 500 g · 7,99 · regelmäßige Lieferung')).toBeInTheDocument();
    expect(within(abo).getByText('1 × Milchaufschäumer · 0,00 · einmalige Lieferung')).toBeInTheDocument();
    // No quantity of its own beside the articles' (the plan, like every other line, has one).
    expect(within(abo).queryByText(/^Menge:/)).not.toBeInTheDocument();
    expect(within(plan).getByText(/^Menge: \d+$/)).toBeInTheDocument();

    // Nothing defective here.
    expect(screen.queryByText(TEXT.defectiveBanner)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Direkt zur Kasse' })).toBeInTheDocument();
  });

  it('shows defective items with their hints, the defective banner, and no delete without a tcm', async () => {
    serviceWithCart(
      makeCart({
        articles: [mugs()],
        defectiveArticles: [defectiveThermos(), defectiveGrinder()],
        defectiveGiftCards: [defectiveGiftCard()],
        defectivePartnerProducts: [defectivePartner()],
        defectiveSubscriptions: [defectiveAbo()],
      }),
    );
    await renderMiniCart();

    expect(await screen.findByText(TEXT.defectiveBanner)).toBeInTheDocument();
    expect(within(tile('Thermoskanne 1 l')).getByText(TEXT.hintArticle)).toBeInTheDocument();
    expect(within(tile('Kaffeemühle (ohne tcm)')).getByText(TEXT.hintArticle)).toBeInTheDocument();
    const card = tile('Geschenkkarte 50 €');
    expect(within(card).getByText(TEXT.hintArticle)).toBeInTheDocument();
    expect(within(card).getByText('Geschenkkarte')).toBeInTheDocument();
    expect(within(tile('Mobilfunktarif Classic')).getByText(TEXT.hintPartner)).toBeInTheDocument();
    expect(within(tile('Filterkaffee, 500 g')).getByText(TEXT.hintAbo)).toBeInTheDocument();
    // The healthy article has no hint.
    expect(within(tile('Kaffeebecher, 4er-Set')).queryByText(TEXT.hintArticle)).not.toBeInTheDocument();

    expect(removeButton('Kaffeemühle (ohne tcm)')).toBeDisabled();
    expect(removeButton('Thermoskanne 1 l')).toBeEnabled();
    expect(removeButton('Geschenkkarte 50 €')).toBeEnabled();
    expect(removeButton('Kaffeebecher, 4er-Set')).toBeEnabled();
  });

  it('shows no defective banner for a defective subscription alone (spec: articles, partner products, gift cards)', async () => {
    serviceWithCart(makeCart({ articles: [mugs()], defectiveSubscriptions: [defectiveAbo()] }));
    await renderMiniCart();

    expect(await screen.findByText(TEXT.hintAbo)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.defectiveBanner)).not.toBeInTheDocument();
  });
});

describe('dimensions by their type', () => {
  it('shows a TEXT value as words, a COLOR code as a swatch of that colour, an IMAGE as its picture', async () => {
    // The catalogue's machine has a COLOR dimension (#1d1d1b), the mugs an IMAGE one (their pattern).
    const words = { ...coffee(), dimensions: [{ name: 'Röstung', value: 'mittel', type: 'TEXT' as const }] };
    const named = { ...sweater(), dimensions: [{ name: 'Farbe', value: 'Anthrazit', type: 'COLOR' as const }] };
    serviceWithCart(makeCart({ articles: [words, machine(), mugs(), named] }));
    await renderMiniCart();
    await screen.findByText('Kaffeebecher, 4er-Set');

    expect(within(tile('Barista Caffè Crema, 1 kg Bohnen')).getByText('Röstung: mittel')).toBeInTheDocument();
    // The service sends a COLOR or IMAGE dimension's name and its code or address only, no words
    // for it: a screen reader hears the name and what it is ("Farbe: Farbfeld"), not a hex code.
    const swatch = within(tile('Kaffeevollautomat Esperto Caffè')).getByRole('img', { name: 'Farbfeld' });
    expect(swatch.closest('.smc-line__dimension')).toHaveTextContent(/^Farbe:/);
    expect(swatch.querySelector('rect')).toHaveAttribute('fill', '#1d1d1b');
    expect(within(tile('Kaffeevollautomat Esperto Caffè')).queryByText(/#1d1d1b/, { selector: 'span' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /#1d1d1b/ })).not.toBeInTheDocument();
    const pattern = within(tile('Kaffeebecher, 4er-Set')).getByRole('img', { name: 'Bild' });
    expect(pattern.closest('.smc-line__dimension')).toHaveTextContent(/^Motiv:/);
    expect(pattern).toHaveAttribute('src', '/img/products/mugs-pattern.svg');
    expect(tile('Kaffeebecher, 4er-Set').querySelector('.smc-line__dimension')).not.toHaveTextContent('/img/');
    // A colour given by name is no code to paint: its words show.
    expect(within(tile('Strickpullover aus Merinowolle')).getByText('Farbe: Anthrazit')).toBeInTheDocument();
  });

  it('names a swatch and a picture in the site language', async () => {
    serviceWithCart(makeCart({ articles: [machine(), mugs()] }));
    await renderMiniCart({ site: 'PL' });
    await screen.findByText('Kaffeebecher, 4er-Set');

    expect(within(tile('Kaffeevollautomat Esperto Caffè')).getByRole('img', { name: 'próbka koloru' })).toBeInTheDocument();
    expect(within(tile('Kaffeebecher, 4er-Set')).getByRole('img', { name: 'obraz' })).toBeInTheDocument();
  });

  it('never paints or loads a hostile value: it shows as words', async () => {
    const hostile = {
      ...machine(),
      dimensions: [
        { name: 'Farbe', value: 'red;background:url(https://evil.example/x)', type: 'COLOR' as const },
        { name: 'Motiv', value: 'javascript:alert(1)', type: 'IMAGE' as const },
      ],
    };
    serviceWithCart(makeCart({ articles: [hostile] }));
    await renderMiniCart();
    const line = tile(await screen.findByText('Kaffeevollautomat Esperto Caffè').then((t) => t.textContent ?? ''));
    expect(line.querySelector('.smc-line__dimension svg, .smc-line__dimension img')).toBeNull();
    expect(within(line).getByText('Farbe: red;background:url(https://evil.example/x)')).toBeInTheDocument();
    expect(within(line).getByText('Motiv: javascript:alert(1)')).toBeInTheDocument();
  });
});

describe('price summary and price lines', () => {
  it('shows "Keine Versandkosten" at shipping 0 and no cash-on-delivery row at 0', async () => {
    serviceWithCart(
      makeCart(
        { articles: [coffee()] },
        { priceSummary: { cartFinalSum: 1699, shippingCosts: 0, paymentOnDeliveryCosts: 0 } },
      ),
    );
    await renderMiniCart();

    expect(await screen.findByText('Keine Versandkosten')).toBeInTheDocument();
    expect(screen.queryByText('Versandkosten', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nachnahmegebühr')).not.toBeInTheDocument();
    expect(summaryRow('Gesamtsumme')).toHaveTextContent('16,99');
    expect(summaryRow('Gesamtsumme')).toHaveTextContent('inkl. gesetzl. MwSt.');
  });

  it('shows shipping costs and the cash-on-delivery row when above 0', async () => {
    serviceWithCart(
      makeCart(
        { articles: [coffee()] },
        { priceSummary: { cartFinalSum: 2394, shippingCosts: 495, paymentOnDeliveryCosts: 200 } },
      ),
    );
    await renderMiniCart();

    expect(await screen.findByText('Versandkosten', { selector: 'dt' })).toBeInTheDocument();
    expect(summaryRow('Versandkosten')).toHaveTextContent('4,95');
    expect(summaryRow('Nachnahmegebühr')).toHaveTextContent('2,00');
    expect(summaryRow('Gesamtsumme')).toHaveTextContent('23,94');
    expect(screen.queryByText('Keine Versandkosten')).not.toBeInTheDocument();
  });

  it('labels the header amount (goods without shipping) apart from the final sum with shipping', async () => {
    serviceWithCart(
      makeCart(
        { articles: [mugs()] },
        { totalSum: 1299, priceSummary: { cartFinalSum: 1794, shippingCosts: 495, paymentOnDeliveryCosts: 0 } },
      ),
    );
    await renderMiniCart();

    expect(await screen.findByText('Warenwert', { selector: 'p' })).toHaveTextContent('Warenwert 12,99');
    expect(screen.getAllByText('Gesamtsumme')).toHaveLength(1);
    expect(summaryRow('Versandkosten')).toHaveTextContent('4,95');
    expect(summaryRow('Gesamtsumme')).toHaveTextContent('17,94');
  });

  it.each([
    ['CH_FR', 'Sous-total', 'Total'],
    ['PL', 'Wartość produktów', 'Łączna kwota'],
    ['TR', 'Ara toplam', 'Toplam tutar'],
  ] as const)('on %s too, the header amount is %s and the final sum %s', async (site, header, final) => {
    serviceWithCart(makeCart({ articles: [mugs()] }, { priceSummary: { cartFinalSum: 1794, shippingCosts: 495, paymentOnDeliveryCosts: 0 } }));
    await renderMiniCart({ site });

    expect(await screen.findByText(header, { selector: 'p' })).toBeInTheDocument();
    expect(summaryRow(final)).toBeInTheDocument();
    expect(screen.queryByText(final, { selector: 'p' })).not.toBeInTheDocument();
  });

  it('shows the previous price only when not promotional, and the 30-day best price', async () => {
    serviceWithCart(makeCart({ articles: [coffee(), machine()] }));
    await renderMiniCart();

    await screen.findByText('Barista Caffè Crema, 1 kg Bohnen');
    const regular = tile('Barista Caffè Crema, 1 kg Bohnen');
    expect(within(regular).getByText('statt 19,99')).toBeInTheDocument();
    expect(within(regular).getByText('Niedrigster Preis der letzten 30 Tage: 15,99 (6 %)')).toBeInTheDocument();
    expect(within(regular).getByText('16,99 / 1 kg')).toBeInTheDocument();

    const promotional = tile('Kaffeevollautomat Esperto Caffè');
    // The promotional price is marked (the stylesheet shows it in the sale colour) and says so
    // in words, not by its colour alone (WCAG 1.4.1); the regular one is neither.
    const promotionalPrice = within(promotional).getByText((_, element) => element?.tagName === 'STRONG' && element.textContent === 'Aktionspreis 299,99');
    expect(promotionalPrice).toHaveClass('smc-price__current--promotional');
    // In words everybody sees, not only a screen reader (a contrast theme drops the colour).
    expect(within(promotionalPrice).getByText('Aktionspreis')).toHaveClass('smc-price__promotional');
    expect(within(promotionalPrice).getByText('Aktionspreis')).not.toHaveClass('sui-visually-hidden');
    expect(within(regular).getByText('16,99')).not.toHaveClass('smc-price__current--promotional');
    expect(within(regular).queryByText(/Aktionspreis/)).not.toBeInTheDocument();
    expect(within(promotional).queryByText(/statt/)).not.toBeInTheDocument();
    expect(within(promotional).queryByText('399,99')).not.toBeInTheDocument();
    expect(within(promotional).queryByText(/Niedrigster Preis/)).not.toBeInTheDocument();
  });
});

describe('summary deductions and the best-price info', () => {
  it('lists vouchers, discounts and loyalty beans as deductions', async () => {
    serviceWithCart(
      makeCart(
        { articles: [coffee()] },
        {
          priceSummary: {
            cartFinalSum: 899,
            shippingCosts: 0,
            paymentOnDeliveryCosts: 0,
            redeemedWsacDiscounts: [{ wsac: 'SOMMER10', discount: 500 }],
            totalRedeemedNonWsacDiscounts: 200,
            totalRedeemedLoyaltyBeans: 100,
          },
        },
      ),
    );
    await renderMiniCart();

    expect(await screen.findByText('Gutschein SOMMER10')).toBeInTheDocument();
    // Each deduction's amount reads with one minus sign, a no-break space after it.
    const amount = (label: string) => summaryRow(label).querySelector('dd')?.textContent;
    expect(amount('Gutschein SOMMER10')).toBe('−\u00a05,00');
    expect(amount('Rabatte')).toBe('−\u00a02,00');
    expect(amount('Eingelöste Bohnen')).toBe('−\u00a01,00');
    expect(summaryRow('Gesamtsumme')).toHaveTextContent('8,99');
  });

  it('shows the 30-day best price on PL even for a promotional price, and not on DE', async () => {
    const promotional = () => makeCart({ articles: [{ ...coffee(), price: { ...coffee().price, isPricePromotional: true } }] });
    serviceWithCart(promotional());
    const { unmount } = await renderMiniCart();
    await screen.findByText('Barista Caffè Crema, 1 kg Bohnen');
    expect(screen.queryByText(/Niedrigster Preis/)).not.toBeInTheDocument();
    expect(screen.queryByText('statt 19,99')).not.toBeInTheDocument();
    unmount();

    await renderMiniCart({ site: 'PL' });
    await screen.findByText('Barista Caffè Crema, 1 kg Bohnen');
    const best = within(tile('Barista Caffè Crema, 1 kg Bohnen')).getByText(/15,99\s+zł/);
    expect(best).toHaveTextContent('(6%)');
  });

  it('toggles the best-price info on DE and has no info button on AT', async () => {
    serviceWithCart(makeCart({ articles: [coffee()] }));
    const { unmount } = await renderMiniCart();

    // A disclosure (WAI-ARIA pattern): the "i" is named by what it does, the explanation is
    // only in the panel it opens — never the button's name, so it is not heard twice.
    const info = await screen.findByRole('button', { name: 'Hinweis zum niedrigsten Preis' });
    expect(info).toHaveAccessibleName('Hinweis zum niedrigsten Preis');
    expect(screen.queryByRole('button', { name: /Der niedrigste Preis/ })).not.toBeInTheDocument();
    expect(info).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(info.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel).toHaveTextContent(/^Der niedrigste Preis, zu dem dieser Artikel in den 30 Tagen vor der Preisermäßigung angeboten wurde\.$/);
    expect(panel).not.toBeVisible();
    fireEvent.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(screen.getByText(/^Der niedrigste Preis/, { selector: 'span' })).toBe(panel);
    expect(info).toHaveAccessibleName('Hinweis zum niedrigsten Preis');
    fireEvent.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    unmount();

    await renderMiniCart({ site: 'AT' });
    const best = await screen.findByText('Niedrigster Preis der letzten 30 Tage: 15,99 € (6 %)');
    // The percent sign never starts a line of its own: a no-break space holds it to its number.
    expect(best.textContent).toContain('(6\u00a0%)');
    expect(screen.queryByRole('button', { name: 'Hinweis zum niedrigsten Preis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Der niedrigste Preis/ })).not.toBeInTheDocument();
  });

  it.each([
    ['PL', 'Informacja o najniższej cenie', /^Najniższa cena, w jakiej/],
    ['CH_FR', 'Informations sur le prix le plus bas', /^Le prix le plus bas auquel/],
  ] as const)('names the best-price info on %s by its own short name, the explanation in the panel', async (site, name, explanation) => {
    serviceWithCart(makeCart({ articles: [coffee()] }));
    await renderMiniCart({ site });

    const info = await screen.findByRole('button', { name });
    expect(screen.queryByRole('button', { name: explanation })).not.toBeInTheDocument();
    const panel = document.getElementById(info.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel).toHaveTextContent(explanation);
    fireEvent.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
  });
});

describe('price display on other sites', () => {
  const cart = () =>
    makeCart(
      { articles: [coffee()] },
      { totalSum: 129999, priceSummary: { cartFinalSum: 1699, shippingCosts: 0, paymentOnDeliveryCosts: 0 } },
    );

  it('formats CHF on CH (symbol first, dot decimal, apostrophe thousands)', async () => {
    serviceWithCart(cart());
    await renderMiniCart({ site: 'CH' });

    expect(await screen.findByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
    expect(screen.getByText('Warenwert', { selector: 'p' })).toHaveTextContent("Warenwert CHF 1'299.99");
    expect(within(tile('Barista Caffè Crema, 1 kg Bohnen')).getByText('CHF 16.99')).toBeInTheDocument();
    // de-CH texts.
    expect(screen.getByRole('button', { name: 'Warenkorb schliessen' })).toBeInTheDocument();
  });

  it('shows French texts and CHF on CH_FR', async () => {
    serviceWithCart(
      makeCart({ articles: [{ ...coffee(), dimensions: [{ name: 'Torréfaction', value: 'moyenne', type: 'TEXT' as const }] }] }),
    );
    await renderMiniCart({ site: 'CH_FR' });

    expect(await screen.findByRole('link', { name: 'Passer directement à la caisse' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(screen.getByRole('heading', { name: 'Panier (Articles : 1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer Barista Caffè Crema, 1 kg Bohnen' })).toHaveTextContent(
      'Supprimer',
    );
    expect(screen.getByText('Sans frais d’envoi')).toBeInTheDocument();
    expect(within(tile('Barista Caffè Crema, 1 kg Bohnen')).getByText('CHF 16.99')).toBeInTheDocument();
    // French puts a space before the colon: "Torréfaction : moyenne".
    expect(within(tile('Barista Caffè Crema, 1 kg Bohnen')).getByText('Torréfaction : moyenne')).toBeInTheDocument();
    expect(screen.queryByText('Direkt zur Kasse')).not.toBeInTheDocument();
  });

  it('shows no decimals on CZ', async () => {
    serviceWithCart(cart());
    await renderMiniCart({ site: 'CZ' });

    expect(await screen.findByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Košík');
    expect(within(tile('Barista Caffè Crema, 1 kg Bohnen')).getByText('16 Kč')).toBeInTheDocument();
    const total = screen.getByText('1 299 Kč', { selector: 'strong' });
    expect(total.textContent).toBe('1\u00a0299\u00a0Kč');
    expect(document.body.textContent).not.toMatch(/16,99|1\u00a0299,99/);
  });
});

describe('cart and checkout links', () => {
  it('links "Zum Warenkorb" and "Direkt zur Kasse" when checkout is enabled', async () => {
    serviceWithCart(makeCart({ articles: [coffee()] }));
    await renderMiniCart();

    expect(await screen.findByRole('link', { name: 'Zum Warenkorb' })).toHaveAttribute(
      'href',
      '/cart?step=shopping_cart',
    );
    expect(screen.getByRole('link', { name: 'Direkt zur Kasse' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('button', { name: 'Direkt zur Kasse' })).not.toBeInTheDocument();
  });

  it.each([
    ['a SOLDOUT article', () => makeCart({ articles: [coffee(), yogaMat()] })],
    ['a NOT_AVAILABLE article', () => makeCart({ articles: [coffee(), hose()] })],
    ['a defective item', () => makeCart({ articles: [coffee()], defectiveArticles: [defectiveThermos()] })],
    ['a SOLDOUT free article', () => makeCart({ articles: [coffee()], freeArticles: [{ ...freeSample(), availability: 'SOLDOUT' }] })],
  ])('shows a disabled "Direkt zur Kasse" button, not a link, with %s', async (_name, cart) => {
    serviceWithCart(cart());
    await renderMiniCart();

    expect(await screen.findByRole('button', { name: 'Direkt zur Kasse' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Direkt zur Kasse' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Warenkorb' })).toHaveAttribute('href', '/cart?step=shopping_cart');
  });

  it('enables checkout for a partner product alone, not for a gift card alone', async () => {
    serviceWithCart(makeCart({ partnerProducts: [partner()] }));
    const { unmount } = await renderMiniCart();
    expect(await screen.findByRole('link', { name: 'Direkt zur Kasse' })).toHaveAttribute('href', '/checkout');
    unmount();

    serviceWithCart(makeCart({ giftCards: [giftCard()] }));
    await renderMiniCart();
    expect(await screen.findByRole('button', { name: 'Direkt zur Kasse' })).toBeDisabled();
  });

  it('leads to the checkout frontend when the cart holds a subscription', async () => {
    serviceWithCart(makeCart({ articles: [coffee()], subscriptions: [espressoAbo()] }));
    await renderMiniCart();

    expect(await screen.findByRole('link', { name: 'Direkt zur Kasse' })).toHaveAttribute(
      'href',
      '/service/checkoutfrontend/checkout',
    );
  });
});

describe('availability notes', () => {
  it('shows SHORTAGE as "Nur noch wenige verfügbar" and NOT_AVAILABLE as "In der gewünschten Menge nicht mehr verfügbar"', async () => {
    serviceWithCart(makeCart({ articles: [sweater(), hose(), coffee()] }));
    await renderMiniCart();

    await screen.findByText('Strickpullover aus Merinowolle');
    const few = tile('Strickpullover aus Merinowolle');
    expect(within(few).getByText(TEXT.few)).toBeInTheDocument();
    expect(within(tile('Gartenschlauch 20 m')).getByText(TEXT.notInQuantity)).toBeInTheDocument();
    const inStock = tile('Barista Caffè Crema, 1 kg Bohnen');
    expect(within(inStock).queryByText(TEXT.few)).not.toBeInTheDocument();
    expect(within(inStock).queryByText(TEXT.notInQuantity)).not.toBeInTheDocument();
  });
});

describe('site from the page language', () => {
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('takes the site of <html lang> when no site is given', async () => {
    document.documentElement.lang = 'fr-CH';
    serviceWithCart(makeCart({ articles: [coffee()] }));
    await renderMiniCart({ site: undefined });

    expect(await screen.findByRole('button', { name: 'Fermer le panier' })).toBeInTheDocument();
    expect(within(tile('Barista Caffè Crema, 1 kg Bohnen')).getByText('CHF 16.99')).toBeInTheDocument();
  });
});

describe('load errors', () => {
  it('shows the load-error text in an alert on a 503 CARTSTORAGE_UNAVAILABLE', async () => {
    fakeService(() => ({ status: 503, body: { error: 'CARTSTORAGE_UNAVAILABLE' } }));
    await renderMiniCart();

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.loadError);
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT.emptyTitle)).not.toBeInTheDocument();
  });

  it('shows the load-error text in an alert on a network failure', async () => {
    const service = fakeService(() => 'network');
    await renderMiniCart();
    await flush();

    expect(service.gets()).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.loadError);
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
  });

  it('shows the load error when a forced reload fails after the cart showed', async () => {
    const service = serviceWithCart(makeCart({ articles: [coffee()] }));
    await renderMiniCart();
    expect(screen.getByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();

    service.handle(() => ({ status: 503, body: { error: 'PRICE_UNAVAILABLE' } }));
    await act(async () => {
      document.dispatchEvent(new Event('cartTriggerUpdate'));
    });
    await flush();

    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.loadError);
  });

  it('drops an older load answer arriving after a newer one', async () => {
    const service = fakeService();
    await renderMiniCart();
    await act(async () => {
      document.dispatchEvent(new Event('cartTriggerUpdate'));
    });
    expect(service.gets()).toHaveLength(2);

    service.gets()[1].reply(200, makeCart({ articles: [coffee()] }));
    await flush();
    expect(screen.getByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();

    service.gets()[0].reply(200, makeCart({ articles: [mugs()] }));
    await flush();
    expect(screen.getByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
    expect(screen.queryByText('Kaffeebecher, 4er-Set')).not.toBeInTheDocument();
  });

  it('tries a failed load again each time the mini cart opens again, and shows the cart once it comes', async () => {
    const service = fakeService(() => 'network');
    const { rerender, onClose } = await renderMiniCart({ presentation: 'panel' });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.loadError);

    // Closed and opened again while the service still fails: asked again, the error stays.
    const shown = async (open: boolean) => {
      await act(async () => {
        rerender(<MiniCart site="DE" presentation="panel" open={open} onClose={onClose} />);
      });
      await flush();
    };
    await shown(false);
    expect(service.gets()).toHaveLength(1);
    await shown(true);
    expect(service.gets()).toHaveLength(2);
    expect(service.gets()[1].url).toBe('/service/cart/api/cart?forceReload=true');
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.loadError);

    service.handle(() => ({ status: 200, body: makeCart({ articles: [coffee()] }) }));
    await shown(false);
    await shown(true);
    expect(service.gets()).toHaveLength(3);
    expect(screen.getByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
    expect(screen.queryByText(TEXT.loadError)).not.toBeInTheDocument();

    // With the cart shown, opening asks for nothing.
    await shown(false);
    await shown(true);
    expect(service.gets()).toHaveLength(3);
  });

  it('shows no alert text when the cart loads', async () => {
    serviceWithCart(makeCart({ articles: [coffee()] }));
    await renderMiniCart();

    expect(await screen.findByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});

describe('hostile data from the service', () => {
  it('renders a markup title as text and drops a javascript: product link', async () => {
    const hostileTitle = '<img src=x onerror=alert(1)>';
    serviceWithCart(
      makeCart({
        articles: [{ ...coffee(), title: hostileTitle, productUrl: 'javascript:alert(1)', imageUrl: 'javascript:alert(2)' }],
      }),
    );
    await renderMiniCart();

    expect(await screen.findByText(hostileTitle)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(document.querySelector('[onerror]')).toBeNull();
    for (const link of Array.from(document.querySelectorAll('a'))) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    expect(screen.queryByRole('link', { name: hostileTitle })).not.toBeInTheDocument();
    expect(removeButton(hostileTitle)).toBeEnabled();
  });
});

describe('panel presentation (inside the header cart flyout)', () => {
  it('shows the content without a modal dialog or close button, only while open, and keeps its cart while closed', async () => {
    serviceWithCart(makeCart({ articles: [coffee()] }));
    const { rerender, onClose } = await renderMiniCart({ presentation: 'panel' });
    expect(await screen.findByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Warenkorb schließen' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();

    const MiniCart = (await import('../src/MiniCart')).default;
    await act(async () => rerender(<MiniCart site="DE" open={false} onClose={onClose} presentation="panel" />));
    expect(screen.queryByText('Barista Caffè Crema, 1 kg Bohnen')).not.toBeInTheDocument();
    await act(async () => rerender(<MiniCart site="DE" open onClose={onClose} presentation="panel" />));
    // Shown again at once, from the cart it kept (no loading state in between).
    expect(screen.getByText('Barista Caffè Crema, 1 kg Bohnen')).toBeInTheDocument();
  });
});

describe('accessibility of a tile and the drawer', () => {
  it("hides a line's picture link from assistive technology, so each tile exposes one link by role", async () => {
    serviceWithCart(makeCart({ articles: [{ ...coffee(), imageUrl: '/img/400001.jpg' }] }));
    await renderMiniCart();
    await screen.findByText('Barista Caffè Crema, 1 kg Bohnen');

    const article = tile('Barista Caffè Crema, 1 kg Bohnen');
    // The picture repeats the title link: out of the accessibility tree and the tab order.
    const picture = article.querySelector('a.smc-line__image') as HTMLElement;
    expect(picture).not.toBeNull();
    expect(picture).toHaveAttribute('href', '/p/400001');
    expect(picture).toHaveAttribute('aria-hidden', 'true');
    expect(picture).toHaveAttribute('tabindex', '-1');
    const links = within(article).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Barista Caffè Crema, 1 kg Bohnen');
  });

  it("slides the drawer in for the core's slide-enter time (spec section 9: 600 ms)", async () => {
    serviceWithCart(makeCart({ articles: [coffee()] }));
    await renderMiniCart();
    await screen.findByText('Barista Caffè Crema, 1 kg Bohnen');

    const dialog = document.querySelector('dialog.smc-dialog') as HTMLElement;
    expect(dialog).not.toBeNull();
    expect(dialog.style.getPropertyValue('--smc-slide-enter')).toBe('600ms');
  });
});
