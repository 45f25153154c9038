import * as core from '@shop/core';
import type { ArticlePrice, Site } from '@shop/core';

const NB = '\u00a0';

describe('sites and locales', () => {
  const table: Array<[Site, string, string]> = [
    ['DE', 'de-DE', 'EUR'],
    ['AT', 'de-AT', 'EUR'],
    ['CH', 'de-CH', 'CHF'],
    ['CH_FR', 'fr-CH', 'CHF'],
    ['PL', 'pl-PL', 'PLN'],
    ['CZ', 'cs-CZ', 'CZK'],
    ['HU', 'hu-HU', 'HUF'],
    ['SK', 'sk-SK', 'EUR'],
    ['TR', 'tr-TR', 'TRY'],
  ];
  test.each(table)('%s speaks %s and sells in %s', (site, locale, currency) => {
    expect(core.siteLocale(site)).toBe(locale);
    expect(core.siteCurrency(site)).toBe(currency);
    expect(core.siteFromLanguage(locale)).toBe(site);
  });

  test("a site's clock: CET with the EU's summer time, TR UTC+3", () => {
    const hours = (site: Site, utc: number) => new Date(core.siteClockMs(site, utc)).toISOString().slice(0, 16);
    expect(hours('DE', Date.UTC(2026, 10, 25, 9, 0))).toBe('2026-11-25T10:00');
    expect(hours('PL', Date.UTC(2026, 6, 1, 12, 0))).toBe('2026-07-01T14:00');
    expect(hours('CH_FR', Date.UTC(2026, 2, 29, 1, 0))).toBe('2026-03-29T03:00');
    expect(hours('TR', Date.UTC(2027, 10, 30, 21, 30))).toBe('2027-12-01T00:30');
    expect(core.siteClockMs('DE', 1234)).toBe(3_600_000 + 1234);
    expect(() => core.siteClockMs('DE', 1.5)).toThrow(/utcMs/);
    expect(() => core.siteClockMs('DE', Number.NaN)).toThrow(/utcMs/);
  });

  test('page language to site, unknown to DE', () => {
    expect(core.siteFromLanguage('de-AT')).toBe('AT');
    expect(core.siteFromLanguage('fr-CH')).toBe('CH_FR');
    expect(core.siteFromLanguage('en-GB')).toBe('DE');
    expect(core.siteFromCode('nonsense')).toBe('DE');
    expect(core.allSites()).toHaveLength(9);
  });

  test('texts fall back to German', () => {
    expect(core.textFallbacks('hu-HU')).toEqual(['hu-HU', 'de-DE']);
    expect(core.textFallbacks('de-DE')).toEqual(['de-DE']);
  });
});

describe('price display', () => {
  const table: Array<[Site, string]> = [
    ['DE', '1.234,56'],
    ['AT', `1.234,56${NB}€`],
    ['SK', `1.234,56${NB}€`],
    ['CH', `CHF${NB}1'234.56`],
    ['CH_FR', `CHF${NB}1'234.56`],
    ['PL', `1${NB}234,56${NB}zł`],
    ['TR', `1.234,56${NB}TL`],
    ['CZ', `1${NB}234${NB}Kč`],
    ['HU', `1${NB}234${NB}Ft`],
  ];
  test.each(table)('%s formats 123456 cents as %s', (site, expected) => {
    expect(core.formatPrice(123456, site)).toBe(expected);
  });

  test('small amounts and negative amounts', () => {
    expect(core.formatPrice(5, 'DE')).toBe('0,05');
    expect(core.formatPrice(-1999, 'DE')).toBe('-19,99');
    expect(core.formatAmount(100000000, 'CH')).toBe("1'000'000.00");
    expect(core.currencySymbol('DE')).toBeUndefined();
    expect(core.currencySymbol('HU')).toBe('Ft');
  });

  test.each([
    ['DE', 1250, '1.250'],
    ['AT', 999, '999'],
    ['CH', 1250, "1'250"],
    ['CH_FR', 1000000, "1'000'000"],
    ['PL', 1250, `1${NB}250`],
    ['CZ', 12500, `12${NB}500`],
    ['HU', 1250, `1${NB}250`],
    ['SK', 1250, '1.250'],
    ['TR', 0, '0'],
  ] as const)('%s writes the count %d as %s', (site, count, expected) => {
    expect(core.formatCount(count, site)).toBe(expected);
  });

  test('a count that is negative or not whole is refused with a clear error', () => {
    expect(() => core.formatCount(-1, 'DE')).toThrow(/^@shop\/core: count must be an integer from 0 to 4294967295/);
    expect(() => core.formatCount(1.5, 'DE')).toThrow(/^@shop\/core: count must be a safe integer/);
    expect(core.formatCount(4294967295, 'DE')).toBe('4.294.967.295');
  });

  test('non-integer cents are refused with a clear error, and the instance lives on', () => {
    expect(() => core.formatPrice(12.5, 'DE')).toThrow(/^@shop\/core: cents must be a safe integer/);
    expect(() => core.formatPrice(Number.NaN, 'DE')).toThrow(/safe integer/);
    expect(() => core.formatPrice(1, 'XX' as Site)).toThrow(/^@shop\/core: malformed site/);
    expect(core.formatPrice(1999, 'DE')).toBe('19,99');
  });

  const reduced: ArticlePrice = {
    calculatedPrice: 900,
    calculatedOriginalPrice: 1000,
    isPricePromotional: false,
    bestPriceAmount: 850,
    bestPriceDifferencePercentage: 6,
    basePrice: { label: '1 kg', price: 3600 },
  };

  test('price view: previous, current, best price, base price; tooltip hidden on de-AT', () => {
    expect(core.priceView(reduced, 'DE')).toEqual([
      { kind: 'previous', amount: '10,00' },
      { kind: 'current', amount: '9,00', promotional: false },
      { kind: 'bestPrice', amount: '8,50', differencePercentage: 6, tooltip: true },
      { kind: 'basePrice', label: '1 kg', amount: '36,00' },
    ]);
    const at = core.priceView(reduced, 'AT');
    expect(at.find((line) => line.kind === 'bestPrice')).toMatchObject({ tooltip: false });
  });

  test('promotional prices hide the previous price; PL always shows the best price', () => {
    const promotional = { ...reduced, isPricePromotional: true, basePrice: undefined };
    expect(core.priceView(promotional, 'DE').map((l) => l.kind)).toEqual(['current']);
    expect(core.priceView(promotional, 'PL').map((l) => l.kind)).toEqual(['current', 'bestPrice']);
  });

  test('CZ and HU show no struck-through price that reads as the current one (no decimals shown)', () => {
    const cents = { ...reduced, calculatedPrice: 12990, calculatedOriginalPrice: 12999, bestPriceAmount: undefined, basePrice: undefined };
    expect(core.priceView(cents, 'CZ')).toEqual([{ kind: 'current', amount: '129\u00a0Kč', promotional: false }]);
    expect(core.priceView(cents, 'HU').map((l) => l.kind)).toEqual(['current']);
    expect(core.priceView(cents, 'DE').map((l) => l.kind)).toEqual(['previous', 'current']);
  });

  test('summary: no shipping costs at 0, cash on delivery only above 0', () => {
    const rows = core.summaryView(
      {
        cartFinalSum: 2590,
        shippingCosts: 0,
        paymentOnDeliveryCosts: 0,
        totalRedeemedLoyaltyBeans: 0,
        totalRedeemedNonWsacDiscounts: 0,
        redeemedWsacDiscounts: [],
      },
      'DE',
    );
    expect(rows.map((r) => r.label)).toEqual(['freeShipping', 'total']);
    const paid = core.summaryView(
      {
        cartFinalSum: 2590,
        shippingCosts: 495,
        paymentOnDeliveryCosts: 600,
        totalRedeemedLoyaltyBeans: 0,
        totalRedeemedNonWsacDiscounts: 0,
        redeemedWsacDiscounts: [],
      },
      'AT',
    );
    expect(paid.map((r) => r.label)).toEqual(['shipping', 'cashOnDelivery', 'total']);
    expect(paid[0].amount).toBe(`4,95${NB}€`);
  });
});
