import * as core from '@shop/core';
import type { CheckAuth, Promotion, PromotionKind, PromotionResponse } from '@shop/core';

const content = {
  headline: 'Kaffee-Wochen',
  promotionShortText: 'Kaffee!',
  subline: 'Nur diese Woche',
  img: {
    imageData: [
      {
        targetSize: { width: 1920 },
        breakpoint: 1023,
        imagePath: '/image-delivery/banner/desktop.jpg',
        imageCss: 'object-position: 50% 20%; background: url(x)',
        containerCss: 'aspect-ratio: 16/9',
      },
    ],
  },
  useDarkTheme: true,
  backgroundColor: { colorCode: '#1a2b3c' },
  promotionTextColor: { colorCode: 'red;background:url(x)' },
  legalText: 'Gültig bis 31.12.',
  legalTextHint: 'Details zum Angebot',
  legalTextHintShort: 'Details',
  voucherCode: { code: 'KAFFEE10', instruction: 'Im Warenkorb eingeben' },
  ctaButton: { ctaLink: { url: '/c/kaffee', text: 'Jetzt entdecken' } },
  voucherOrButton: { selector: 'voucherCode' },
  links: [
    { url: '/c/kaffee/bohnen', text: 'Bohnen', boldLink: true },
    { url: 'javascript:alert(1)', text: 'evil' },
    { url: '/c/kaffee/kapseln', text: '<script>alert(1)</script>' },
  ],
};

function response(type: string, document: unknown = content): PromotionResponse {
  return { type, contentJSON: JSON.stringify(document) };
}

describe('promotions', () => {
  const kinds: Array<[string, PromotionKind]> = [
    ['ApiHeaderBenefitsPromotion', 'BENEFITS'],
    ['ApiTopBannerPromotion', 'BANNER'],
    ['ApiPiPromotion', 'PHASE_INTEGRATION'],
    ['ApiCategory', 'CATEGORY'],
  ];

  test.each(kinds)('%s is a %s promotion', (type, kind) => {
    const promotion = core.parsePromotion(response(type));
    expect(promotion).toBeDefined();
    const p = promotion as Promotion;
    expect(p.kind).toBe(kind);
    expect(p.headline).toBe('Kaffee-Wochen');
    expect(p.headlineShort).toBe('Kaffee!');
    expect(p.subline).toBe('Nur diese Woche');
    expect(p.theme).toBe('DARK');
    expect(p.backgroundColorCode).toBe('#1a2b3c');
    expect(p.textColor).toBeUndefined();
    expect(p.legalText).toBe('Gültig bis 31.12.');
    expect(p.legalTextHint).toBe('Details zum Angebot');
    expect(p.legalTextHintShort).toBe('Details');
    expect(p.voucherCode).toBe('KAFFEE10');
    expect(p.voucherCodeInstructions).toBe('Im Warenkorb eingeben');
    expect(p.ctaButtonLink).toBe('/c/kaffee');
    expect(p.ctaButtonText).toBe('Jetzt entdecken');
    expect(p.cta).toBe('VOUCHER_CODE');
    expect(p.image?.cutouts).toEqual([
      {
        targetSize: { width: 1920 },
        breakpoint: 1023,
        imagePath: '/img/banner/desktop.jpg',
        imageCss: [{ property: 'object-position', value: '50% 20%' }],
        containerCss: [{ property: 'aspect-ratio', value: '16/9' }],
      },
    ]);
    // The response as text gives the same promotion.
    expect(core.parsePromotionJson(JSON.stringify(response(type)))).toEqual(p);
    // Its one cutout has a breakpoint: the source, and the fallback below it.
    expect(p.image?.picture).toEqual({
      sources: [{ media: '(min-width: 1023px)', srcset: '/img/banner/desktop.jpg', cutout: 0 }],
      fallback: 0,
      src: '/img/banner/desktop.jpg',
    });
  });

  test('a picture: sources widest first, the cutout without a breakpoint below them', () => {
    const cutout = (breakpoint: number | undefined, imagePath: string) => ({ breakpoint, imagePath: `/image-delivery${imagePath}` });
    const p = core.parsePromotion({
      type: 'ApiTopBannerPromotion',
      contentJSON: JSON.stringify({ headline: 'Kaffee', img: { imageData: [cutout(667, '/s.jpg'), cutout(undefined, '/all.jpg'), cutout(1023, '/w 1.jpg')] } }),
    }) as Promotion;
    expect(p.image?.picture).toEqual({
      sources: [
        { media: '(min-width: 1023px)', srcset: '/img/w%201.jpg', cutout: 2 },
        { media: '(min-width: 667px)', srcset: '/img/s.jpg', cutout: 0 },
      ],
      fallback: 1,
      src: '/img/all.jpg',
    });
  });

  test('text links drop unsafe URLs and keep markup as text', () => {
    const p = core.parsePromotion(response('ApiTopBannerPromotion')) as Promotion;
    expect(p.links).toEqual([
      { url: '/c/kaffee/bohnen', text: 'Bohnen', boldLink: true },
      { url: '/c/kaffee/kapseln', text: '<script>alert(1)</script>', boldLink: false },
    ]);
    expect(p.benefits).toEqual([]);
  });

  test('header benefits fill the tracked slots', () => {
    const p = core.parsePromotion(response('ApiHeaderBenefitsPromotion')) as Promotion;
    expect(p.links).toEqual([]);
    expect(p.benefits).toEqual([
      { slot: 0, trackingName: 'free shipping', text: 'Bohnen', url: '/c/kaffee/bohnen', boldLink: true },
      { slot: 1, trackingName: 'newsletter registration', text: 'evil', boldLink: false },
      {
        slot: 2,
        trackingName: 'cross-channel',
        text: '<script>alert(1)</script>',
        url: '/c/kaffee/kapseln',
        boldLink: false,
      },
    ]);
    expect([0, 1, 2, 3, 4, -1, 1.5].map(core.benefitSlotName)).toEqual([
      'free shipping',
      'newsletter registration',
      'cross-channel',
      'service',
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('unknown type and malformed responses give no promotion', () => {
    expect(core.parsePromotion(response('ApiSomethingElse'))).toBeUndefined();
    expect(core.parsePromotion({ type: 'ApiCategory', contentJSON: 'not json' })).toBeUndefined();
    expect(core.parsePromotion({ type: 'ApiCategory', contentJSON: '[1, 2]' })).toBeUndefined();
    expect(core.parsePromotion({ type: 'ApiCategory', contentJSON: '{}' })).toBeUndefined();
    // Values that do not even have the response's shape are no promotion, not an exception.
    const malformed: unknown[] = [{}, 42, null, undefined, 'x', [], { type: 7, contentJSON: {} }];
    for (const value of malformed) {
      expect(core.parsePromotion(value as PromotionResponse)).toBeUndefined();
    }
    expect(core.parsePromotionJson('not json')).toBeUndefined();
    expect(core.parsePromotionJson('')).toBeUndefined();
  });

  test('javascript: call-to-action links are dropped', () => {
    const p = core.parsePromotion(
      response('ApiCategory', {
        headline: 'Sale',
        ctaButton: { ctaLink: { url: 'javascript:alert(1)', text: 'Go' } },
      }),
    ) as Promotion;
    expect(p.ctaButtonLink).toBeUndefined();
    expect(p.cta).toBe('NONE');
  });

  test('promotion URLs and constants', () => {
    expect(core.promotionUrl(core.headerBenefitsId(), [], [], [])).toBe(
      '/service/promotion/api/promotion/~header_top',
    );
    expect(core.promotionUrl('p 1', ['a b', 'c'], [], ['x'])).toBe(
      '/service/promotion/api/promotion/p%201?allOfTags=a%20b,c&noneOfTags=x',
    );
    expect(core.promotionUrl('', ['a'], [], [])).toBeUndefined();
    expect(core.promoCodeCopiedMs()).toBe(3000);
    expect(core.previewTokenPresent("a=1; previewToken=abc")).toBe(true);
    expect(core.previewTokenPresent("previewToken=")).toBe(false);
  });
});

describe('links and colours', () => {
  test.each([
    ['/contact', '/contact'],
    ['https://example.com', 'https://example.com'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,x', undefined],
    ['//evil.example', undefined],
  ])('safeUrl(%s)', (url, expected) => {
    expect(core.safeUrl(url)).toBe(expected);
  });

  test('new-tab links get no referrer', () => {
    expect(core.linkTarget('https://example.com')).toEqual({
      href: 'https://example.com',
      newTab: true,
      rel: 'noopener noreferrer',
    });
    expect(core.linkTarget('/contact')).toEqual({ href: '/contact', newTab: false });
    expect(core.linkTarget('javascript:x')).toBeUndefined();
    expect(core.linkTarget('/kaffee', true)).toEqual({ href: '/kaffee', newTab: true, rel: 'noopener noreferrer' });
    expect(core.linkTarget('javascript:x', true)).toBeUndefined();
    expect(core.safeColor('#fff')).toBe('#fff');
    expect(core.safeColor('red;background:url(x)')).toBeUndefined();
  });
});

describe('footer', () => {
  const document = {
    headline: 'Service',
    teaserGroups: [
      {
        heading: { iconName: 'thirty_day_return', link: { url: '/service', text: 'Service' } },
        hideGroupInCheckout: false,
        links: [
          { link: { url: '/service', text: 'Übersicht' } },
          { link: { url: '/faq', text: 'FAQ' }, hideInClassic: true },
          { link: { url: 'javascript:alert(1)', text: 'evil' } },
        ],
        images: [{ label: 'Visa', source: 'visa' }],
      },
      {
        heading: { iconName: 'tchibo_card', link: { url: '/card', text: 'Karte' } },
        hideGroupInCheckout: true,
        links: [],
      },
    ],
    seo: { heading: 'Beliebt', columns: [[{ url: '/c/kaffee', text: 'Kaffee' }]] },
    socialMedia: { heading: 'Folgen', icons: [{ icon: 'facebook', link: { url: 'https://fb.example' } }] },
    appReferences: { heading: 'App', icons: [{ icon: 'android', link: { url: 'https://play.example' } }] },
    legalLinks: [{ url: '/impressum', text: 'Impressum' }],
  };
  const body = JSON.stringify({ contentJSON: JSON.stringify(document) });

  test('parses the document', () => {
    const footer = core.parseFooter(body);
    expect(footer).toBeDefined();
    expect(footer?.headline).toBe('Service');
    expect(footer?.teaserGroups).toHaveLength(2);
    const group = footer?.teaserGroups[0];
    expect(group?.heading.icon).toBe('return_30_days');
    expect(group?.links.map((l) => l.text)).toEqual(['Übersicht', 'FAQ']);
    expect(group?.images).toEqual([{ label: 'Visa', src: '/img/footer/visa.svg' }]);
    expect(footer?.socialMedia?.icons[0]).toEqual({
      icon: 'facebook',
      target: { href: 'https://fb.example', newTab: true, rel: 'noopener noreferrer' },
    });
    expect(footer?.legalLinks).toEqual([
      { text: 'Impressum', target: { href: '/impressum', newTab: false }, opensConsentSettings: false },
    ]);
  });

  test('reduced and classic views', () => {
    const reduced = core.footerView(body, true, false);
    expect(reduced?.teaserGroups.map((g) => g.heading.text)).toEqual(['Service']);
    expect(reduced?.seo).toBeUndefined();
    expect(reduced?.socialMedia).toBeUndefined();
    expect(reduced?.appReferences).toBeUndefined();
    expect(reduced?.legalLinks).toHaveLength(1);
    const classic = core.footerView(body, false, true);
    expect(classic?.teaserGroups[0].links.map((l) => l.text)).toEqual(['Übersicht']);
    expect(classic?.seo).toBeDefined();
    expect(core.footerView(body, false, false)).toEqual(core.parseFooter(body));
  });

  test('a failed footer is nothing', () => {
    expect(core.parseFooter('')).toBeUndefined();
    expect(core.parseFooter('<html>404</html>')).toBeUndefined();
    expect(core.parseFooter('{"contentJSON": "oops"}')).toBeUndefined();
    expect(core.footerView('', true, true)).toBeUndefined();
  });

  test('icons, URLs and the desktop link', () => {
    expect(core.footerIcon('meeting')).toBe('near_you');
    expect(core.footerIcon('loyalty_card')).toBe('loyalty_card');
    expect(core.footerIcon('myspace')).toBeUndefined();
    expect(core.footerSettings()).toEqual({
      documentPath: '/service/promotion/api/promotion/SHOP_FOOTER',
      newsletterStatusPath: '/json/psdata',
      abTestAssignmentPath: '/service/abtestfrontend/api/v1/getassignment',
      appRatingStars: 5,
      appRatingCountText: '(89k)',
      appBannerClosedKey: 'shop.appBannerClosed',
      consentSettingsEvent: 'shop:consent-settings',
      maxDocumentBytes: 512 * 1024,
    });
    expect(core.viewChangeLink(false, 'MATCH', '/c/kaffee?page=2')).toEqual({ change: 'TO_DESKTOP', url: '/c/kaffee?page=2&forceWebshop=true' });
    expect(core.viewChangeLink(false, 'CLASSIC', '/c/kaffee?page=2&forceWebshop=true')).toEqual({ change: 'TO_MOBILE', url: '/c/kaffee?page=2' });
    expect(core.viewChangeLink(false, 'CLASSIC', '/c/kaffee')).toBeUndefined();
    expect(core.viewChangeLink(true, 'MATCH', '/c/kaffee')).toBeUndefined();
    expect(core.forcedPlatform('?page=2&forceWebshop=true')).toBe('CLASSIC');
    expect(core.forcedPlatform('?page=2')).toBeUndefined();
    expect(core.viewChangeLink(false, 'TABLET', 'https://evil.example/')?.url).toBe('/?forceWebshop=true');
  });
});

describe('visitor data', () => {
  const psdata = (loginStatus: string) =>
    JSON.stringify({
      tracking: { loginStatus },
      customer: {
        firstname: 'Erika',
        lastname: 'Mustermann',
        loyaltyBeans: 120,
        statuses: { isCommunityMember: true, isTchibocardMember: false },
      },
    });

  test.each([
    ['LOGGED_IN', true],
    ['REMEMBERED', true],
    ['LOGGED_OUT', false],
    ['SOMETHING_ELSE', false],
  ])('%s counts as logged in: %s', (status, loggedIn) => {
    expect(core.parsePersonalData(psdata(status))).toEqual({
      initialized: true,
      loggedInOrRemembered: loggedIn,
      customerName: 'Erika Mustermann',
      loyaltyBeans: 120,
      communityMember: true,
      tchiboCardMember: false,
    });
  });

  test('the personal-data call and the CSRF cookie and header it repeats', () => {
    expect(core.visitorSettings()).toEqual({
      personalDataPath: '/service/customerfrontenddata/api/v1/psdata',
      csrfCookie: 'csrf',
      csrfHeader: 'x-csrf-token',
    });
  });

  test('a malformed body is the uninitialised logged-out default', () => {
    expect(core.parsePersonalData('nope')).toEqual({
      initialized: false,
      loggedInOrRemembered: false,
      loyaltyBeans: 0,
      communityMember: false,
      tchiboCardMember: false,
    });
    expect(core.parsePersonalData('{"customer": {"loyaltyBeans": -3}}').loyaltyBeans).toBe(0);
  });

  test('newsletter status', () => {
    expect(core.parseNewsletterStatus('{"nl_status": "WAITING_FOR_DOI"}')).toBe('WAITING_FOR_DOI');
    expect(core.parseNewsletterStatus('{"nl_status": "SUBSCRIBED"}')).toBe('SUBSCRIBED');
    expect(core.parseNewsletterStatus('{"nl_status": "NONE"}')).toBe('OTHER');
    expect(core.parseNewsletterStatus('{}')).toBeUndefined();
  });
});

describe('A/B tests and preview', () => {
  test('active tests', () => {
    const body = JSON.stringify([
      { name: 'checkout', groups: [{ name: 'A' }, { name: 'B' }, {}] },
      { groups: [{ name: 'orphan' }] },
    ]);
    expect(core.parseAbTests(body)).toEqual([{ name: 'checkout', groups: [{ name: 'A' }, { name: 'B' }] }]);
    expect(core.parseAbTests('{}')).toBeUndefined();
  });

  test('the panel needs the staff cookie and SUCCESS', () => {
    const check = core.parseCheckAuth(
      JSON.stringify({ status: 'SUCCESS', dateTime: '2024-05-01T10:00', abTestName: 't', abTestGroup: 'A' }),
    );
    expect(check).toEqual({ status: 'SUCCESS', dateTime: '2024-05-01T10:00', abTestName: 't', abTestGroup: 'A' });
    expect(core.previewPanelVisible(true, check)).toBe(true);
    expect(core.previewPanelVisible(false, check)).toBe(false);
    expect(core.previewPanelVisible(true, undefined)).toBe(false);
    const unauthorized: CheckAuth = { status: 'UNAUTHORIZED' };
    expect(core.previewPanelVisible(true, unauthorized)).toBe(false);
    expect(core.parseCheckAuth('{"status": "WHAT"}')?.status).toBe('OTHER');
    expect(core.parseCheckAuth('oops')).toBeUndefined();
    expect(core.previewSettings()).toEqual({
      staffAuthCookie: 'staffAuth',
      checkAuthPath: '/service/preview/api/auth/checkauth',
      renewAuthPath: '/service/preview/api/auth/login/renew',
      logoutPath: '/service/preview/api/auth/logout',
      authRenewalMs: 300000,
      changedEvent: 'shop:preview-changed',
      requestTimeoutMs: 15000,
    });
    expect(core.abTestsAtPath('2024-02-29T10:30')).toBe('/service/abtestfrontend/api/v1/gettestsat?time=2024-02-29T10%3A30');
    const tests = [{ name: 'checkout', groups: [{ name: 'A' }, { name: 'B' }] }];
    expect(core.abSelection(null, false, null, null)).toEqual({ list: 'LOADING', tests: [], groups: [], groupEnabled: false, groupRequired: false });
    expect(core.abSelection(tests, true, 'checkout', 'A').list).toBe('FAILED');
    expect(core.abSelection([], false, null, null).list).toBe('NONE_ACTIVE');
    expect(core.abSelection(tests, false, 'checkout', null)).toEqual({ list: 'FOUND', tests: ['checkout'], test: 'checkout', groups: ['A', 'B'], groupEnabled: true, groupRequired: true });
    expect(core.abSelection(tests, false, 'checkout', 'B').groupRequired).toBe(false);
    expect(() => core.abSelection([{ nope: 1 }] as never, false, null, null)).toThrow('@shop/core: malformed tests');
  });
});
