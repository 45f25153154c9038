import * as core from '@shop/core';

describe('search', () => {
  test('cleaning: digits and spaces, 200 characters, null and arrays', () => {
    expect(core.cleanSearchTerm('123 456')).toBe('123456');
    expect(core.cleanSearchTerm('  Kaffee Bohnen ')).toBe('Kaffee Bohnen');
    expect(core.cleanSearchTerm('x'.repeat(300))).toHaveLength(200);
    expect(core.cleanSearchTerm(null)).toBe('');
    expect(core.cleanSearchTerm(['a', 'b'])).toBe('');
    expect(core.cleanSearchTerm(undefined)).toBe('');
  });

  test('suggestions from two characters, four retries on >= 400', () => {
    expect(core.suggestionsWanted('k')).toBe(false);
    expect(core.suggestionsWanted('ka')).toBe(true);
    expect(core.retrySuggestions(500, 3)).toBe(true);
    expect(core.retrySuggestions(500, 4)).toBe(false);
    expect(core.retrySuggestions(200, 0)).toBe(false);
    expect(core.suggestionsUrl('kaf', 'AT')).toBe(
      '/service/searchfrontend/api/suggestions?q=kaf&site=AT&maxSearchTerms=10&maxProducts=5',
    );
  });

  test('prefix / match / suffix', () => {
    expect(core.splitSuggestion('Kaffeebohnen', 'BOHNE')).toEqual({ prefix: 'Kaffee', match: 'bohne', suffix: 'n' });
    expect(core.splitSuggestion('Tee', 'kaffee')).toEqual({ prefix: '', match: '', suffix: 'Tee' });
  });

  test('search targets: empty focuses, DE terms page, page and client route', () => {
    expect(core.searchTarget('   ', 'DE', false)).toEqual({ kind: 'focusField' });
    expect(core.searchTarget('agb', 'DE', false)).toEqual({ kind: 'page', url: '/agb-s400007325.html', term: 'agb' });
    expect(core.searchTarget('agb', 'AT', false)).toMatchObject({ url: '/search?query=agb&site=AT&filters=availability-available' });
    expect(core.searchTarget('Tasse', 'PL', true)).toMatchObject({ kind: 'route', name: 'search', query: 'Tasse', site: 'PL' });
  });

  test('suggestion answers and product links', () => {
    const body = JSON.stringify({
      searchTerms: [{ searchterm: 'kaffeebohnen' }],
      products: [
        { id: '1', title: 'Espresso', productViewUrl: '/p/1', webshopProductDimensionKey: '9' },
        { id: '2', title: 'Evil', productViewUrl: 'javascript:alert(1)' },
      ],
    });
    const suggestions = core.parseSuggestions(body, 'kaffee', 'DE');
    expect(suggestions.terms[0].parts.match).toBe('kaffee');
    expect(suggestions.products).toHaveLength(1);
    expect(suggestions.products[0].url).toBe('/p/1?query=kaffee&dim1=9');
    // The query goes before a `#` part, where the product page reads it.
    expect(core.suggestionProductUrl('/p/1#reviews', 'kaf', '9')).toBe('/p/1?query=kaf&dim1=9#reviews');
    expect(core.parseSuggestions('<html>', 'x', 'DE')).toEqual({ terms: [], products: [] });
    expect(core.prefillFromQueryString('?query=Kaffee%20Bohnen')).toBe('Kaffee Bohnen');
    // A query given twice is a list: the box stays empty rather than picking one.
    expect(core.prefillFromQueryString('?query=kaffee&query=tee')).toBe('');
  });
});

describe('layout rules', () => {
  test('platform from width, with override', () => {
    expect(core.platformFromWidth(979, undefined)).toBe('MATCH');
    expect(core.platformFromWidth(980, undefined)).toBe('TABLET');
    expect(core.platformFromWidth(1440, undefined)).toBe('CLASSIC');
    expect(core.platformFromWidth(400, 'CLASSIC')).toBe('CLASSIC');
    expect(core.stickyHeader('TABLET', false)).toBe(true);
    expect(core.stickyHeader('CLASSIC', false)).toBe(false);
  });

  test('footer panels start state, 20000 before measured', () => {
    expect(core.footerPanels(undefined, false, 'CLASSIC')).toEqual({ serviceGroupsExpanded: true, popularCategoriesExpanded: true });
    expect(core.footerPanels(766, false, 'TABLET')).toEqual({ serviceGroupsExpanded: false, popularCategoriesExpanded: false });
  });

  test('reduced footer, newsletter block, app banner, content headers', () => {
    expect(core.footerReduced('affiliateNumber=4711')).toBe(true);
    expect(core.footerReduced('session=1')).toBe(false);
    expect(core.footerMode('session=1', 'checkout', 'MATCH', false)).toEqual({ reduced: true, classicView: false });
    expect(core.footerMode('affiliateNumber=4711', 'home', 'CLASSIC', true)).toEqual({ reduced: true, classicView: true });
    expect(core.footerMode('', 'home', 'TABLET', true)).toEqual({ reduced: false, classicView: false });
    expect(core.footerNewsletterVisible(false, 'SUBSCRIBED', false)).toBe(false);
    expect(core.footerNewsletterVisible(false, undefined, false)).toBe(true);
    const iosSafari = core.deviceFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Version/17.5 Safari');
    expect(core.appBanner(false, false, false, iosSafari)).toBe('SMART_APP_BANNER_HINT');
    expect(core.isSmartphone('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Version/17.5 Safari')).toBe(true);
    expect(core.isSmartphone('Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1')).toBe(false);
    expect(core.isSmartphone('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile Safari')).toBe(true);
    expect(core.appBanner(false, false, false, 'ANDROID')).toBe('SHOW');
    expect(core.appBanner(true, false, false, 'ANDROID')).toBe('HIDDEN');
    expect(core.pageSlots('NO_FOOTER')).toEqual({ header: true, footer: false });
    expect(core.timings()).toMatchObject({ flyoutHoverDelayMs: 200, navigationOpenDelayMs: 300, recalculateDelayMs: 500 });
    expect(core.breakpointForWidth(800)).toEqual({ name: 'm', px: 767 });
  });

  test('the search box and header measures the views size and schedule with', () => {
    expect(core.searchSettings()).toEqual({
      minCharacters: 2, maxSearchTerms: 10, maxProducts: 5, termMaxCharacters: 200,
      retries: 4, retryDelayMs: 2000, panelBottomMarginPx: 50, requestTimeoutMs: 8000,
    });
    expect(core.headerDimensions()).toEqual({
      searchBoxWidthPx: 170, searchBoxFocusWidthPx: 408, searchBoxFlyoutWidthsPx: [270, 350],
      searchBoxOverlayWidthPx: 550, storeSearchFocusWidthPx: 350, teaserImageWidthPx: 488, teaserImageHeightPx: 287,
    });
  });

  test('the design tokens: eight breakpoints xs 374 ... 4xl 1919, rating out of 5, ripple 250 ms', () => {
    expect(core.breakpoints().map((b) => `${b.name} ${b.px}`)).toEqual([
      'xs 374', 's 667', 'm 767', 'l 979', 'xl 1023', 'xxl 1279', '3xl 1439', '4xl 1919',
    ]);
    expect(core.ratingMax()).toBe(5);
    expect(core.ratingView(4.5, 'DE')).toEqual({ value: '4,5', max: '5', stars: ['full', 'full', 'full', 'full', 'half'] });
    expect(core.ratingView(4.26, 'CH_FR')).toEqual({ value: '4.3', max: '5', stars: ['full', 'full', 'full', 'full', 'half'] });
    expect(core.ratingView(Number.NaN, 'TR').stars).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(() => core.ratingView(4, 'XX' as never)).toThrow(/@shop\/core: malformed/);
    expect(core.timings().rippleMinMs).toBe(250);
  });
});
