import * as core from '@shop/core';
import type {
  ContentPage,
  Flyout,
  FlyoutContext,
  FlyoutEvent,
  NavNode,
  PersonalData,
  Site,
  ThemeWorldFlyout,
  UserMenuLinkKind,
} from '@shop/core';

const SITES: Site[] = ['DE', 'AT', 'CH', 'CH_FR', 'PL', 'CZ', 'HU', 'SK', 'TR'];

describe('flyouts', () => {
  const on: FlyoutContext = { pageIsBasket: false, miniCartEnabled: true };
  const basket: FlyoutContext = { pageIsBasket: true, miniCartEnabled: true };
  const off: FlyoutContext = { pageIsBasket: false, miniCartEnabled: false };
  const hover = (flyout: Flyout): FlyoutEvent => ({ kind: 'hoverIntent', flyout });
  const tap = (flyout: Flyout): FlyoutEvent => ({ kind: 'tap', flyout });
  const activate = (flyout: Flyout): FlyoutEvent => ({ kind: 'activate', flyout });

  test.each<[Flyout, FlyoutEvent, FlyoutContext, Flyout]>([
    ['NONE', hover('SEARCH'), on, 'SEARCH'],
    ['SEARCH', hover('USER_MENU'), on, 'USER_MENU'],
    ['STORE_FINDER', hover('CART'), on, 'CART'],
    ['NONE', hover('CART'), basket, 'NONE'],
    ['NONE', hover('CART'), off, 'NONE'],
    ['SEARCH', hover('CART'), basket, 'SEARCH'],
    ['CART', hover('SEARCH'), basket, 'SEARCH'],
    ['NONE', tap('STORE_FINDER'), on, 'STORE_FINDER'],
    ['STORE_FINDER', tap('STORE_FINDER'), on, 'NONE'],
    ['STORE_FINDER', tap('SEARCH'), on, 'SEARCH'],
    ['NONE', tap('CART'), on, 'NONE'],
    ['SEARCH', tap('CART'), on, 'SEARCH'],
    ['NONE', activate('USER_MENU'), on, 'USER_MENU'],
    ['USER_MENU', activate('USER_MENU'), on, 'NONE'],
    ['NONE', activate('CART'), on, 'CART'],
    ['NONE', activate('CART'), off, 'NONE'],
    ['SEARCH', { kind: 'pointerLeft' }, on, 'NONE'],
    ['SEARCH', { kind: 'pointerLeft', focusInFlyout: false }, on, 'NONE'],
    ['SEARCH', { kind: 'pointerLeft', focusInFlyout: true }, on, 'SEARCH'],
    ['STORE_FINDER', { kind: 'pointerLeft', focusInFlyout: true }, on, 'STORE_FINDER'],
    ['USER_MENU', { kind: 'close' }, on, 'NONE'],
  ])('%s + %j (%j) -> %s', (current, event, context, expected) => {
    expect(core.nextFlyout(current, event, context)).toBe(expected);
  });

  test('the cart rule and the page overlay', () => {
    expect(core.cartFlyoutAllowed(on)).toBe(true);
    expect(core.cartFlyoutAllowed(basket)).toBe(false);
    expect(core.cartFlyoutAllowed(off)).toBe(false);
    expect(core.pageOverlayShown('NONE', false)).toBe(false);
    expect(core.pageOverlayShown('NONE', true)).toBe(true);
    expect(core.pageOverlayShown('SEARCH', false)).toBe(true);
  });

  test('malformed events and contexts throw', () => {
    expect(() => core.nextFlyout('NONE', { kind: 'hover' } as unknown as FlyoutEvent, on)).toThrow(
      /^@shop\/core: malformed flyout event/,
    );
    expect(() => core.nextFlyout('MENU' as Flyout, { kind: 'close' }, on)).toThrow(/^@shop\/core: malformed flyout/);
    expect(() => core.cartFlyoutAllowed({ pageIsBasket: true } as FlyoutContext)).toThrow(
      /^@shop\/core: malformed flyout context/,
    );
  });
});

describe('header links', () => {
  const PAGES: ContentPage[] = [
    'HELP_AND_SERVICE',
    'STORE_LOCATOR',
    'LOYALTY_CARD',
    'THEME_WORLDS',
    'WEEKLY_OFFERS',
    'SUPERMARKET_OFFERS',
  ];
  const table: Record<Site, (string | undefined)[]> = {
    DE: ['/service-hilfe', '/filialen', '/kundenkarte', '/themenwelten', '/wochenangebote', '/supermarkt-angebote'],
    AT: ['/service-hilfe', '/filialen', '/kundenkarte', '/themenwelten', '/wochenangebote', undefined],
    CH: ['/service-hilfe', '/filialen', '/kundenkarte', '/themenwelten', '/wochenangebote', undefined],
    CH_FR: ['/aide-service', '/filiales', '/carte-client', '/univers', '/offres-de-la-semaine', undefined],
    PL: ['/pomoc', '/sklepy', '/karta-klienta', '/swiaty-tematyczne', '/oferty-tygodnia', undefined],
    CZ: ['/napoveda', '/prodejny', '/zakaznicka-karta', '/tematicke-svety', '/tydenni-nabidky', undefined],
    HU: ['/segitseg', '/uzletek', '/torzsvasarloi-kartya', '/tematikus-vilagok', '/heti-ajanlatok', undefined],
    SK: ['/pomoc', '/predajne', '/zakaznicka-karta', '/tematicke-svety', '/tyzdenne-ponuky', undefined],
    TR: [undefined, '/magazalar', undefined, '/tema-dunyalari', '/haftalik-firsatlar', undefined],
  };

  test.each(SITES)('content pages of %s', (site) => {
    expect(PAGES.map((page) => core.contentPagePath(site, page))).toEqual(table[site]);
    expect(core.supermarketOffersLink(site)).toBe(site === 'DE' ? '/supermarkt-angebote' : undefined);
  });

  test('fixed routes', () => {
    expect(core.headerPaths()).toEqual({
      home: '/',
      account: '/account',
      login: '/signin?loginRedirect=red',
      register: '/register',
      logout: '/logout',
      orderHistory: '/orderhistory',
      watchlist: '/watchlist',
      beanAccount: '/beanaccount',
      newsletterSignup: '/subscribenewsletter',
      storeFinderSearch: '/service/storefinder/search',
      mobilePlanLogin: 'https://mobil.shop.example/login',
      community: 'https://community.shop.example/',
      themeWorldsService: '/service/themeworld-frontend/api/themeworlds/navigation',
      cart: '/cart?step=shopping_cart',
      searchCacheKey: '/service/searchfrontend/api/cachekey',
    });
    expect(() => core.contentPagePath('DE', 'IMPRINT' as ContentPage)).toThrow(/^@shop\/core: malformed content page/);
    expect(() => core.contentPagePath('XX' as Site, 'STORE_LOCATOR')).toThrow(/^@shop\/core: malformed site/);
  });

  test('the store search sends whatever is typed', () => {
    expect(core.storeFinderUrl('20095')).toBe('/service/storefinder/search?searchTerm=20095');
    expect(core.storeFinderUrl(' Zürich & Bern ')).toBe(
      '/service/storefinder/search?searchTerm=%20Z%C3%BCrich%20%26%20Bern%20',
    );
    expect(core.storeFinderUrl('')).toBe('/service/storefinder/search?searchTerm=');
  });

  test('the reduced header on checkout', () => {
    expect(core.headerVariant('checkout')).toBe('REDUCED');
    expect(core.headerVariant(' CHECKOUT ')).toBe('REDUCED');
    expect(core.headerVariant('basket')).toBe('FULL');
    expect(core.headerVariant('')).toBe('FULL');
  });

  test('the basket page type, read as the checkout\'s is', () => {
    expect(core.isBasketPage('basket')).toBe(true);
    expect(core.isBasketPage(' Basket ')).toBe(true);
    expect(core.isBasketPage('checkout')).toBe(false);
    expect(core.isBasketPage('')).toBe(false);
  });
});

describe('user menu', () => {
  const visitor = (loggedIn: boolean, member: boolean): PersonalData => ({
    initialized: true,
    loggedInOrRemembered: loggedIn,
    customerName: 'Erika Mustermann',
    loyaltyBeans: 250,
    communityMember: false,
    tchiboCardMember: member,
  });
  const expectedLinks = (site: Site, beans: boolean): UserMenuLinkKind[] => [
    'ACCOUNT',
    ...(site === 'TR' ? [] : ['LOYALTY_CARD' as const]),
    'ORDER_HISTORY',
    'WATCHLIST',
    ...(beans ? ['BEANS' as const] : []),
    ...(site === 'DE' ? ['MOBILE_PLAN' as const, 'COMMUNITY' as const] : []),
    ...(site === 'TR' ? [] : ['HELP_AND_SERVICE' as const]),
  ];
  const cases = SITES.flatMap((site) =>
    (
      [
        ['logged out', false, false],
        ['logged in member', true, true],
        ['logged in non-member', true, false],
      ] as const
    ).map(([state, loggedIn, member]) => [site, state, loggedIn, member] as const),
  );

  test.each(cases)('%s, %s', (site, _state, loggedIn, member) => {
    const menu = core.userMenu(site, visitor(loggedIn, member));
    expect(menu.loggedIn).toBe(loggedIn);
    expect(menu.links.map((link) => link.kind)).toEqual(expectedLinks(site, loggedIn && member));
    if (loggedIn) {
      expect(menu.customerName).toBe('Erika Mustermann');
      expect(menu.actions).toEqual([{ kind: 'LOGOUT', url: '/logout' }]);
    } else {
      expect(menu.customerName).toBeUndefined();
      expect(menu.actions).toEqual([
        { kind: 'LOGIN', url: '/signin?loginRedirect=red' },
        { kind: 'REGISTER', url: '/register' },
      ]);
    }
    for (const link of menu.links) {
      expect(link.newTab).toBe(link.kind === 'MOBILE_PLAN' || link.kind === 'COMMUNITY');
      expect(link.beans).toBe(link.kind === 'BEANS' ? 250 : undefined);
    }
    const url = (kind: UserMenuLinkKind) => menu.links.find((link) => link.kind === kind)?.url;
    expect(url('ACCOUNT')).toBe('/account');
    expect(url('ORDER_HISTORY')).toBe('/orderhistory');
    expect(url('WATCHLIST')).toBe('/watchlist');
    expect(url('LOYALTY_CARD')).toBe(core.contentPagePath(site, 'LOYALTY_CARD'));
    expect(url('HELP_AND_SERVICE')).toBe(core.contentPagePath(site, 'HELP_AND_SERVICE'));
    if (loggedIn && member) expect(url('BEANS')).toBe('/beanaccount');
    if (site === 'DE') {
      expect(url('MOBILE_PLAN')).toBe('https://mobil.shop.example/login');
      expect(url('COMMUNITY')).toBe('https://community.shop.example/');
    }
  });

  test('from a personal-data answer; malformed visitors throw', () => {
    const body = JSON.stringify({
      tracking: { loginStatus: 'REMEMBERED' },
      customer: { firstname: 'Erika', loyaltyBeans: 12, statuses: { isTchibocardMember: true } },
    });
    const menu = core.userMenu('AT', core.parsePersonalData(body));
    expect(menu.customerName).toBe('Erika');
    expect(menu.links.find((link) => link.kind === 'BEANS')?.beans).toBe(12);
    expect(core.userMenu('DE', core.parsePersonalData('not json')).loggedIn).toBe(false);
    expect(() => core.userMenu('DE', {} as PersonalData)).toThrow(/^@shop\/core: malformed personal data/);
  });
});

describe('navigation', () => {
  const answer = {
    list: [
      {
        title: 'root',
        children: [
          {
            title: 'Kaffee',
            href: '/kaffee',
            index: 0,
            teaser: {
              title: 'Neu',
              list: [
                { title: 'Espresso', link: { url: '/espresso', target: '_blank' }, image: { src: '/img/e.jpg', alt: 'Bohnen' } },
                { title: 'Böse', link: { url: 'javascript:alert(1)' } },
              ],
            },
            children: [
              { title: 'Bohnen', href: '/kaffee/bohnen' },
              { title: 'Maschinen', href: '/kaffee/maschinen', children: [{ title: 'Vollautomaten', href: '/kaffee/maschinen/voll' }] },
              { title: 'Böse', href: 'javascript:alert(1)' },
              { href: '/ohne-titel' },
            ],
          },
          { title: 'Mode', href: '/mode', target: 'popup' },
        ],
      },
    ],
  };

  test('the call: a safe route given by the page, else the site', () => {
    for (const site of SITES) {
      expect(core.navigationUrl(site, undefined)).toBe(`/jsonflyoutnavigation?site=${site}`);
      expect(core.navigationUrl(site, 'javascript:alert(1)')).toBe(`/jsonflyoutnavigation?site=${site}`);
    }
    expect(core.navigationUrl('PL', '/nav/pl.json')).toBe('/nav/pl.json');
    expect(core.navigationUrl('PL', null)).toBe('/jsonflyoutnavigation?site=PL');
  });

  test('parsing: unsafe and untitled nodes and teasers dropped, image size defaulted', () => {
    const nodes = core.parseNavigation(JSON.stringify(answer));
    expect(nodes?.map((node) => node.title)).toEqual(['Kaffee', 'Mode']);
    const coffee = nodes![0];
    expect(coffee.children.map((node) => node.title)).toEqual(['Bohnen', 'Maschinen']);
    expect(coffee.teaser).toEqual({
      title: 'Neu',
      list: [
        {
          title: 'Espresso',
          link: { url: '/espresso', target: '_blank' },
          image: { src: '/img/e.jpg', alt: 'Bohnen', width: 488, height: 287 },
        },
      ],
    });
    expect(nodes![1].target).toBeUndefined();
    expect(core.parseNavigation('<html>')).toBeUndefined();
    expect(core.parseNavigation('{"list": []}')).toBeUndefined();
  });

  test('preselection: server flags, else the deepest node on the current path', () => {
    const nodes = core.parseNavigation(JSON.stringify(answer))!;
    expect(core.selectedPath(nodes, '/kaffee/maschinen/voll')).toEqual([0, 1, 0]);
    expect(core.selectedPath(nodes, '/kaffee/?page=2')).toEqual([0]);
    expect(core.selectedPath(nodes, '/tee')).toEqual([]);
    expect(core.isCurrentLink('/wochenangebote?ref=nav', '/wochenangebote/')).toBe(true);
    expect(core.isCurrentLink('/k%C3%BCche', '/küche')).toBe(true);
    expect(core.isCurrentLink('/wochenangebote', '/wochenangebote/kaffee')).toBe(false);
    const flagged: NavNode[] = JSON.parse(JSON.stringify(nodes));
    flagged[0].childIsSelected = true;
    flagged[0].children[0].lastSelectedNode = true;
    expect(core.selectedPath(flagged, '/mode')).toEqual([0, 0]);
    expect(() => core.selectedPath({} as unknown as NavNode[], '/')).toThrow(/^@shop\/core: malformed categories/);
  });

  test('drill-down toggles; touch opens first, follows second', () => {
    expect(core.toggleDrilldown([], [0])).toEqual([0]);
    expect(core.toggleDrilldown([0, 1], [0, 2])).toEqual([0, 2]);
    expect(core.toggleDrilldown([0, 1, 3], [0, 1])).toEqual([0]);
    expect(core.toggleDrilldown([0], [0])).toEqual([]);
    expect(() => core.toggleDrilldown([-1], [0])).toThrow(/^@shop\/core: malformed selected/);
    expect(core.navigationTap(undefined, 2)).toBe('OPEN');
    expect(core.navigationTap(1, 2)).toBe('OPEN');
    expect(core.navigationTap(2, 2)).toBe('FOLLOW');
    expect(() => core.navigationTap(null, -1)).toThrow(/^@shop\/core: tapped must not be negative/);
    expect(() => core.navigationTap(null, 1.5)).toThrow(/^@shop\/core: tapped must be a safe integer/);
  });

  test('tracking', () => {
    expect(core.navigationTracking('click', ['Kaffee', 'Bohnen'])).toEqual({
      event: 'ga_event',
      category: 'navigation',
      action: 'click',
      label: 'Kaffee>Bohnen',
      nonInteraction: false,
    });
    expect(() => core.navigationTracking('click', [1] as unknown as string[])).toThrow(/^@shop\/core: malformed labels/);
    expect(core.trackingEvent('PRODUCT_REMOVAL', ' Barista ')).toEqual({
      event: 'ga_event',
      category: 'minicart',
      action: 'remove product',
      label: 'Barista',
      nonInteraction: false,
    });
    expect(core.trackingEvent('PROMOTION_CLICK', 'x'.repeat(300)).label).toHaveLength(200);
    const subscription = { subscriptionType: 'COFFEE' as const, subscriptionConfigurationId: 'abo-1', recurringArticlesPrice: { calculatedPrice: 1598 } };
    expect(core.trackingEvent('SUBSCRIPTION_REMOVAL', 'Espresso', subscription).subscription).toEqual(subscription);
    expect(core.trackingEvent('PRODUCT_REMOVAL', 'Tasse', subscription).subscription).toBeUndefined();
    expect(() => core.trackingEvent('SUBSCRIPTION_REMOVAL', 'Espresso', { subscriptionType: 7 } as never)).toThrow(/^@shop\/core: malformed subscription/);
    expect(() => core.trackingEvent('NOPE' as never, '')).toThrow(/^@shop\/core: malformed event/);
  });

  const fallback: Record<Site, string[]> = {
    DE: ['/themenwelten', '/wochenangebote', '/kaffee', '/filialen'],
    AT: ['/themenwelten', '/wochenangebote', '/kaffee', '/filialen'],
    CH: ['/themenwelten', '/wochenangebote', '/kaffee', '/filialen'],
    CH_FR: ['/univers', '/offres-de-la-semaine', '/cafe', '/filiales'],
    PL: ['/swiaty-tematyczne', '/oferty-tygodnia', '/kawa', '/sklepy'],
    CZ: ['/tematicke-svety', '/tydenni-nabidky', '/kava', '/prodejny'],
    HU: ['/tematikus-vilagok', '/heti-ajanlatok', '/kave', '/uzletek'],
    SK: ['/tematicke-svety', '/tyzdenne-ponuky', '/kava', '/predajne'],
    TR: ['/tema-dunyalari', '/haftalik-firsatlar', '/kahve', '/magazalar'],
  };

  test.each(SITES)('the fallback bar of %s until both answers have loaded', (site) => {
    const expected = {
      complete: false,
      entries: ['THEME_WORLDS', 'WEEKLY_OFFERS', 'COFFEE', 'STORE_LOCATOR'].map((key, i) => ({
        kind: 'fallback',
        key,
        url: fallback[site][i],
      })),
    };
    const nodes = core.parseNavigation(JSON.stringify(answer));
    expect(core.navigationBar(site, undefined, undefined)).toEqual(expected);
    expect(core.navigationBar(site, nodes, null)).toEqual(expected);
    expect(core.navigationBar(site, null, themeWorlds)).toEqual(expected);
  });

  test('the complete bar: theme worlds first, then the categories', () => {
    const nodes = core.parseNavigation(JSON.stringify(answer));
    expect(core.navigationBar('DE', nodes, themeWorlds)).toEqual({
      complete: true,
      entries: [
        { kind: 'themeWorlds', title: 'Alle Themenwelten', url: '/themenwelten' },
        { kind: 'category', title: 'Kaffee', url: '/kaffee', index: 0 },
        { kind: 'category', title: 'Mode', url: '/mode', index: 1 },
      ],
    });
    expect(() => core.navigationBar('DE', nodes, {} as ThemeWorldFlyout)).toThrow(/^@shop\/core: malformed theme worlds/);
  });
});

const themeWorldsAnswer = {
  overview: { title: 'Alle Themenwelten', url: '/themenwelten' },
  sections: {
    lastChance: { headline: 'Letzte Chance', themeworlds: [{ url: '/w/last', title: 'Letzte' }] },
    more: { headline: 'Mehr', themeworlds: [{ url: 'javascript:alert(1)' }] },
    new: {
      headline: 'Neu',
      themeworlds: [
        {
          url: '/w/garten',
          imgUrl: '/img/garten.jpg',
          title: 'Garten',
          tchiboCard: true,
          availability: ['storeAlso', 'teleport', 'onlineOnly'],
          badges: ['new', 'gold', 'preview'],
          endDate: '24.12.',
          endDateText: 'Endet bald',
          onlyXDaysLeftText: 'Nur noch 3 Tage',
        },
      ],
    },
    scout: { headline: 'Entdeckt', themeworlds: [{ url: '/w/scout', endDate: '31.04.' }] },
  },
  translations: { new: 'Neu', preview: 'Vorschau', onlineOnly: 'Nur online', storeAlso: 'Auch in der Filiale' },
};
const themeWorlds = core.parseThemeWorlds(JSON.stringify(themeWorldsAnswer), false)!;

describe('theme worlds', () => {
  test('sections in order, empty left out; badges, sublines, end dates', () => {
    expect(themeWorlds.overview).toEqual({ title: 'Alle Themenwelten', url: '/themenwelten' });
    expect(themeWorlds.sections.map((section) => section.key)).toEqual(['scout', 'new', 'lastChance']);
    expect(themeWorlds.sections[0].themeWorlds[0].endDate).toBeUndefined();
    expect(themeWorlds.sections[1]).toEqual({
      key: 'new',
      headline: 'Neu',
      themeWorlds: [
        {
          url: '/w/garten',
          imageUrl: '/img/garten.jpg',
          title: 'Garten',
          loyaltyCard: true,
          badges: [
            { key: 'new', text: 'Neu' },
            { key: 'preview', text: 'Vorschau' },
          ],
          sublines: ['Auch in der Filiale', 'Nur online'],
          endDate: { day: 24, month: 12 },
          endDateText: 'Endet bald',
          onlyXDaysLeftText: 'Nur noch 3 Tage',
        },
      ],
    });
  });

  test('the hide option suppresses sublines; malformed answers are undefined', () => {
    const hidden = core.parseThemeWorlds(JSON.stringify(themeWorldsAnswer), true)!;
    expect(hidden.sections[1].themeWorlds[0].sublines).toEqual([]);
    expect(hidden.sections[1].themeWorlds[0].badges).toHaveLength(2);
    expect(core.parseThemeWorlds('<html>', false)).toBeUndefined();
    expect(core.parseThemeWorlds('{"sections": {}}', false)).toBeUndefined();
    expect(core.parseThemeWorlds(JSON.stringify({ overview: { title: 'T', url: 'javascript:x' } }), false)).toBeUndefined();
  });
});
