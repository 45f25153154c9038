/**
 * The forms API of @shop/core (newsletter sign-up, staff preview panel, design-system inputs),
 * through the Node build of the same wasm the browser loads. The rules themselves are tested
 * exhaustively in Rust (core/src/forms); these tests check the same tables through the JS
 * boundary: names, shapes, null vs. values, thrown errors for malformed input.
 */
import * as core from '@shop/core';
import type {
  FieldError,
  FieldVisibility,
  NewsletterForm,
  PreviewForm,
  PreviewRequest,
  Site,
} from '@shop/core';

const ALL_SITES: Site[] = ['DE', 'AT', 'CH', 'CH_FR', 'PL', 'CZ', 'HU', 'SK', 'TR'];

/** Calls `f` with a value of the wrong type, as untyped JavaScript could. */
const untyped = <T>(value: unknown): T => value as T;

/** Asserts that `f` throws an Error whose message starts with the @shop/core malformed prefix. */
function expectMalformed(f: () => unknown): void {
  let thrown: unknown;
  try {
    f();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Error);
  expect((thrown as Error).message).toMatch(/^@shop\/core: malformed /);
}

describe('validateEmail', () => {
  const valid = [
    'max@example.com',
    '  max@example.com  ',
    'Max.Mustermann@Example.DE',
    'first.last+tag@sub.domain.co.uk',
    "o'neil@example.ie",
    "!#$%&'*+/=?^_`{|}~-@example.org",
    'user@xn--mller-kva.de',
  ];
  test.each(valid)('%s is valid (null)', (value) => {
    expect(core.validateEmail(value)).toBeNull();
  });

  const invalid = [
    'plainaddress',
    '@example.com',
    'max@',
    'max@example',
    'max@example.c',
    'max@@example.com',
    'max@-example.com',
    'max@example..com',
    'max example@example.com',
    'müller@example.de',
    '"quoted"@example.com',
  ];
  test.each(invalid)('%s is INVALID', (value) => {
    expect(core.validateEmail(value)).toBe('INVALID');
  });

  test('empty or blank is REQUIRED', () => {
    expect(core.validateEmail('')).toBe('REQUIRED');
    expect(core.validateEmail('   ')).toBe('REQUIRED');
  });

  test('256 characters pass, 257 are TOO_LONG', () => {
    const exactly = `${'a'.repeat(244)}@example.com`;
    expect(exactly.length).toBe(256);
    expect(core.validateEmail(exactly)).toBeNull();
    expect(core.validateEmail(`a${exactly}`)).toBe('TOO_LONG');
  });

  test('validates on blur only', () => {
    expect(core.emailValidationRuns('BLUR')).toBe(true);
    expect(core.emailValidationRuns('CHANGE')).toBe(false);
    expect(core.emailValidationRuns('INPUT')).toBe(false);
  });
});

describe('validateName', () => {
  const valid = [
    '',
    'Max',
    'Anna-Lena',
    "O'Brien",
    'D´Alembert',
    'St. John',
    'J. R. R.',
    'Smith & Sons',
    'Jan (Hans)',
    'Gödel Kőrösi Űrhajós',
    'Ilıcalı Ağaoğlu',
    'Иван Петров',
    'Αλέξανδρος',
    'O’Brien',
    'Anna‐Lena',
    'Dvor\u030ca\u0301k',
  ];
  test.each(valid)('%s is valid (null)', (value) => {
    expect(core.validateName(value)).toBeNull();
  });

  const invalid = [
    'Max😀',
    'max@example',
    'Max_Power',
    'example.com',
    'shop.de',
    'www.shop',
    'http://x',
    'Visit shop.de now',
    'Anna–Lena',
    '\u0301',
  ];
  test.each(invalid)('%s is INVALID_CHARACTERS', (value) => {
    expect(core.validateName(value)).toBe('INVALID_CHARACTERS');
  });

  test('40 characters pass, 41 are TOO_LONG (characters, not bytes)', () => {
    expect(core.validateName('a'.repeat(40))).toBeNull();
    expect(core.validateName('a'.repeat(41))).toBe('TOO_LONG');
    expect(core.validateName('ő'.repeat(40))).toBeNull();
    expect(core.validateName('ő'.repeat(41))).toBe('TOO_LONG');
  });
});

describe('passwordStrength', () => {
  test.each([
    ['', null],
    ['Abcdef1', null],
    ['!!!!!!!!', 'WEAK'],
    ['abcdefgh', 'OK'],
    ['12345678', 'OK'],
    ['abcd1234', 'STRONG'],
    ['abcdEFGH', 'STRONG'],
    ['abCD1234', 'VERY_STRONG'],
    ['őűığşçöü', 'OK'],
  ])('%s -> %s', (value, expected) => {
    expect(core.passwordStrength(value)).toBe(expected);
  });
});

describe('IBAN input', () => {
  test.each([
    ['', ''],
    ['de', 'DE'],
    ['DE893', 'DE89 3'],
    ['de89 3704-0044.0532/0130 00', 'DE89 3704 0044 0532 0130 00'],
    ['ÄÖÜ de89 ß', 'DE89'],
    ['1'.repeat(40), '1111 1111 1111 1111 1111 1111 1111 1111 11'],
  ])('formatIban(%s) = %s', (raw, formatted) => {
    expect(core.formatIban(raw)).toBe(formatted);
    expect(core.formatIban(formatted)).toBe(formatted);
  });

  test.each([
    ['', 'D', true],
    ['', '1', false],
    ['D', '1', false],
    ['DE', '8', true],
    ['DE', 'A', false],
    ['DE89', ' ', false],
    ['DE89 3704', '00 44', true],
    [`DE${'1'.repeat(31)}`, '1', true],
    [`DE${'1'.repeat(32)}`, '1', false],
  ])('ibanAccepts(%s, %s) = %s', (soFar, inserted, accepted) => {
    expect(core.ibanAccepts(soFar, inserted)).toBe(accepted);
  });

  test('ibanFits', () => {
    expect(core.ibanFits('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(core.ibanFits('GB82 WEST 1234')).toBe(false);
  });

  test.each([
    ['DE893', 5, 'DE89 3', 6],
    ['DE89 37040', 10, 'DE89 3704 0', 11],
    ['DE8937040', 2, 'DE89 3704 0', 2],
    ['DE89 370', 5, 'DE89 370', 4],
    ['de-89', 3, 'DE89', 2],
    ['DE89', 99, 'DE89', 4],
    ['😀DE', 3, 'DE', 1],
  ])('formatIbanWithCaret(%s, %d) = %s at %d', (raw, caret, value, expected) => {
    expect(core.formatIbanWithCaret(raw, caret)).toEqual({ value, caret: expected });
  });

  test('formatIbanWithCaret refuses a caret that is not a count', () => {
    expect(() => core.formatIbanWithCaret('DE', -1)).toThrow(/^@shop\/core: caret/);
    expect(() => core.formatIbanWithCaret('DE', 1.5)).toThrow(/^@shop\/core: caret/);
    expect(() => core.formatIbanWithCaret('DE', Number.NaN)).toThrow(/^@shop\/core: caret/);
  });

  test.each([
    ['', 'DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['DE89', '12AB', '12'],
    ['DE89', 'DE89', ''],
    ['', '12345', ''],
  ])('sanitizeIbanPaste(%s, %s) = %s', (current, pasted, expected) => {
    expect(core.sanitizeIbanPaste(current, pasted)).toBe(expected);
  });
});

describe('number input', () => {
  test.each([
    ['', '1', undefined, 0, true],
    ['', '.', undefined, 0, true],
    ['1.2', '.', undefined, 0, false],
    ['', ',', undefined, 0, false],
    ['', 'e', undefined, 0, false],
    ['', 'F5', undefined, 0, true],
    ['1234', 'PageDown', 4, 0, true],
    ['1234', '5', 4, 0, false],
    ['1234', '5', 4, 1, true],
    ['123', '4', 4, 0, true],
    ['1234', 'Backspace', 4, 0, true],
    ['1234', 'ArrowLeft', 4, 0, true],
    ['1234', 'Tab', null, 0, true],
  ] as const)('numberKeyAccepted(%s, %s, %s, %d) = %s', (current, key, max, selection, expected) => {
    expect(core.numberKeyAccepted(current, key, max, selection)).toBe(expected);
  });

  test('sanitizeNumber', () => {
    expect(core.sanitizeNumber('1,234.5.6 €')).toBe('1234.56');
    expect(core.sanitizeNumber('123456', 4)).toBe('1234');
    expect(core.sanitizeNumber('12.3456', null)).toBe('12.3456');
  });

  test('lengths must be counts', () => {
    expect(() => core.numberKeyAccepted('', '1', -1, 0)).toThrow(/^@shop\/core: maxLength/);
    expect(() => core.numberKeyAccepted('', '1', 4, 0.5)).toThrow(/^@shop\/core: selectionLength/);
    expect(() => core.sanitizeNumber('1', Number.POSITIVE_INFINITY)).toThrow(/^@shop\/core: maxLength/);
  });
});

describe('validateField', () => {
  test.each([
    ['', [], null],
    ['', [{ kind: 'required' }], 'REQUIRED'],
    ['   ', [{ kind: 'required' }], 'REQUIRED'],
    ['12345', [{ kind: 'pattern', pattern: '^\\d{5}$' }], null],
    ['1234', [{ kind: 'pattern', pattern: '^\\d{5}$' }], 'PATTERN'],
    ['', [{ kind: 'pattern', pattern: '^\\d{5}$' }], null],
    ['abc123', [{ kind: 'pattern', pattern: '\\d' }], null],
    ['abc', [{ kind: 'required' }, { kind: 'pattern', pattern: '\\d' }], 'PATTERN'],
  ] as const)('validateField(%s, %j) = %s', (value, rules, expected) => {
    expect(core.validateField(value, [...rules])).toBe(expected);
  });

  test('a pattern that does not compile throws, the instance keeps working', () => {
    expect(() => core.validateField('x', [{ kind: 'pattern', pattern: '(' }])).toThrow(
      /^@shop\/core: invalid pattern rule: /,
    );
    expect(() => core.validateField('x', [{ kind: 'pattern', pattern: 'a'.repeat(1001) }])).toThrow(
      /^@shop\/core: invalid pattern rule: /,
    );
    expect(() => core.validateField('x', [{ kind: 'pattern', pattern: '(a{1000}){1000}' }])).toThrow(
      /^@shop\/core: invalid pattern rule: /,
    );
    expect(core.validateField('x', [{ kind: 'required' }])).toBeNull();
  });

  test('validation runs on blur and change, not on input', () => {
    expect(core.validationTriggerRuns('BLUR')).toBe(true);
    expect(core.validationTriggerRuns('CHANGE')).toBe(true);
    expect(core.validationTriggerRuns('INPUT')).toBe(false);
  });

  test('formLimits', () => {
    expect(core.formLimits()).toEqual({
      emailMaxLength: 256,
      nameMaxLength: 40,
      passwordScoringMinLength: 8,
      ibanMaxLength: 34,
      validationDebounceMs: 5,
      signupTimeoutMs: 15000,
    });
  });
});

describe('newsletter form per site', () => {
  const H: FieldVisibility = 'HIDDEN';
  const O: FieldVisibility = 'OPTIONAL';
  const R: FieldVisibility = 'REQUIRED';
  // site, salutation, names, legal checkbox, minimum age
  const table: [Site, FieldVisibility, FieldVisibility, FieldVisibility, number][] = [
    ['DE', H, H, H, 16],
    ['AT', O, O, H, 16],
    ['CH', H, H, H, 16],
    ['CH_FR', H, H, H, 16],
    ['PL', H, H, H, 16],
    ['CZ', H, H, H, 18],
    ['HU', R, R, H, 16],
    ['SK', H, H, H, 18],
    ['TR', H, R, R, 16],
  ];

  test('the table covers all nine sites', () => {
    expect(table.map((row) => row[0]).sort()).toEqual([...ALL_SITES].sort());
  });

  test.each(table)('%s', (site, salutation, names, legal, age) => {
    expect(core.newsletterForm(site)).toEqual({
      salutation,
      salutations: salutation === H ? [] : ['MRS', 'MR', 'DIVERS', 'COMPANY'],
      firstName: names,
      lastName: names,
      legalCheckbox: legal,
      minimumAge: age,
      links: expect.objectContaining({ privacy: '/privacy', contact: '/contact' }),
    });
  });

  test.each(table)('%s: the empty form', (site, salutation, names, legal) => {
    const expected: Record<string, FieldError> = { email: 'REQUIRED' };
    if (salutation === R) expected.salutation = 'REQUIRED';
    if (names === R) {
      expected.firstName = 'REQUIRED';
      expected.lastName = 'REQUIRED';
    }
    if (legal === R) expected.legals = 'REQUIRED';
    // A missing field is the empty value: `{}` is the empty form.
    expect(core.validateNewsletterForm(site, {})).toEqual(expected);
  });

  test.each(ALL_SITES)('%s: a complete form is valid ({})', (site) => {
    const form: NewsletterForm = {
      email: 'anna@example.com',
      salutation: 'MRS',
      firstName: 'Anna',
      lastName: 'Kovács',
      consents: ['DNE'],
      legals: ['NEWSLETTER'],
    };
    expect(core.validateNewsletterForm(site, form)).toEqual({});
  });

  test.each(ALL_SITES)('%s: hidden name fields are never validated', (site) => {
    const errors = core.validateNewsletterForm(site, {
      email: 'anna@example.com',
      firstName: 'www.spam.example',
      lastName: 'x'.repeat(41),
    });
    const visible = core.newsletterForm(site).firstName !== 'HIDDEN';
    expect(errors.firstName).toBe(visible ? 'INVALID_CHARACTERS' : undefined);
    expect(errors.lastName).toBe(visible ? 'TOO_LONG' : undefined);
  });

  test('each field error names its message in the newsletter texts', () => {
    expect(core.errorTextKey('email', 'REQUIRED')).toBe('newsletter.error.email.REQUIRED');
    expect(core.errorTextKey('email', 'TOO_LONG')).toBe('newsletter.error.email.INVALID');
    expect(core.errorTextKey('firstName', 'REQUIRED')).toBe('newsletter.error.firstName.REQUIRED');
    expect(core.errorTextKey('lastName', 'INVALID_CHARACTERS')).toBe('newsletter.error.name.INVALID_CHARACTERS');
    // Too long is not "invalid characters": its own message, with the maximum.
    expect(core.errorTextKey('firstName', 'TOO_LONG')).toBe('newsletter.error.name.TOO_LONG');
    expect(core.errorTextKey('legals', 'REQUIRED')).toBe('newsletter.error.legals.REQUIRED');
  });

  test('form expansion and the personalised-offers checkbox', () => {
    expect(core.formExpanded(false, {})).toBe(false);
    expect(core.formExpanded(true, {})).toBe(true);
    expect(core.formExpanded(false, { email: 'a' })).toBe(true);
    expect(core.personalisedOffersVisible([])).toBe(true);
    expect(core.personalisedOffersVisible(['DNE'])).toBe(false);
  });
});

describe('sign-up call', () => {
  const form: NewsletterForm = {
    email: '  anna@example.com ',
    salutation: 'MRS',
    firstName: ' Anna ',
    lastName: 'Kovács',
    consents: ['DNE'],
    legals: ['NEWSLETTER'],
  };

  test.each(ALL_SITES)('%s: request', (site) => {
    const config = core.newsletterForm(site);
    const request = core.buildSignupRequest(site, form, 'NEWSLETTER', 'footer', []);
    expect(request).toEqual({
      email: 'anna@example.com',
      ...(config.salutation !== 'HIDDEN' ? { salutation: 'MRS' } : {}),
      ...(config.firstName !== 'HIDDEN' ? { firstName: 'Anna', lastName: 'Kovács' } : {}),
      consents: ['DNE'],
      origin: 'NEWSLETTER',
      originAddition: 'footer',
    });
  });

  test('a consent already given is not sent again', () => {
    const request = core.buildSignupRequest('DE', form, 'SHOPPING_CART', 'minicart', ['DNE']);
    expect(request.consents).toEqual([]);
    expect(request.origin).toBe('SHOPPING_CART');
  });

  test('analytics origin and service paths', () => {
    expect(core.signupAnalyticsOrigin('NEWSLETTER', 'footer')).toBe('NEWSLETTER:footer');
    expect(core.signupAnalyticsOrigin('SHOPPING_CART', '')).toBe('SHOPPING_CART');
    expect(core.signupServicePath(false)).toBe('service/newsletter/api/internal');
    expect(core.signupServicePath(true)).toBe('service/newsletter/api/private');
  });

  test('settings: the base-data call, the login token, the events and the page\'s origin addition', () => {
    expect(core.signupSettings()).toEqual({
      subscribersResource: 'newsletter-subscribers',
      subscriberDoiResource: 'doi',
      customerBaseDataResource: 'customers/base-data',
      loginTokenCookie: 'LoginToken',
      loginTokenHeader: 'x-login-token',
      event: 'sign_up',
      eventSubject: 'newsletter',
      eventType: 'ga4',
      eventEmitter: 'newsletterservice',
      successfulSubmitEvent: 'newsletter:submitted',
      pageOriginAddition: 'newsletterpage',
      imageDesktopFromPx: 1024,
      imageTabletFromPx: 767,
    });
  });

  test('customer base data prefills the form and names the consents already given', () => {
    expect(
      core.parseCustomerBaseData('{"email":"maria@example.com","salutation":"MRS","firstName":"Maria","consentsAlreadyGiven":["DNE","X"]}'),
    ).toEqual({ form: { email: 'maria@example.com', salutation: 'MRS', firstName: 'Maria', lastName: '', consents: [], legals: [] }, consentsAlreadyGiven: ['DNE'] });
    expect(core.parseCustomerBaseData('<html>')).toBeUndefined();
    expect(() => core.parseCustomerBaseData(untyped(42))).toThrow('@shop/core: malformed body');
  });

  test("the service's subscriber: every field read, odd ones left out, broken answers undefined", () => {
    expect(
      core.parseSubscriber('{"subscriberToken":"t","email":"a@b.de","site":"CH_FR","status":"SUBSCRIBED","salutation":"MR","lastName":" Roux ","consents":["DNE","X"]}'),
    ).toEqual({ subscriberToken: 't', email: 'a@b.de', site: 'CH_FR', status: 'SUBSCRIBED', subscriptionType: 'NEWSLETTER', salutation: 'MR', lastName: 'Roux', consents: ['DNE'], categories: [] });
    expect(core.parseSubscriber('{"subscriberToken":"t","email":"a@b.de","site":"DE","status":"GONE","salutation":"KING"}')).toEqual({
      subscriberToken: 't', email: 'a@b.de', site: 'DE', status: 'OTHER', subscriptionType: 'NEWSLETTER', consents: [], categories: [],
    });
    expect(core.parseSubscriber('{"subscriberToken":"t","email":"a@b.de","site":"DE","categories":["STORE","GARDEN","TCHIBO_CARD","STORE"]}')?.categories).toEqual(['TCHIBO_CARD', 'STORE']);
    for (const body of ['<html>', '{"email":"a@b.de","site":"DE"}', '{"subscriberToken":"t","email":"a@b.de","site":"FR"}']) {
      expect(core.parseSubscriber(body)).toBeUndefined();
    }
    expect(() => core.parseSubscriber(untyped(42))).toThrow('@shop/core: malformed body');
  });

  test('the page links of a site', () => {
    expect(core.newsletterForm('TR').links).toEqual({
      privacy: '/privacy',
      contact: '/contact',
      voucherConditions: '/c/subscribenewsletter-kupon-kosullari',
      newsletterInformation: '/c/e-bulten-bilgilendirme',
      commercialMessageConsent: '/c/ticari-elektronik-ileti-onayi',
      marketingConsent: '/c/pazarlama-izni',
      privacyNotice: '/c/kvkk-aydinlatma-metni',
    });
  });

  const invalidEmail = JSON.stringify({ type: 'urn:newsletter:email_invalid', title: 'Bad' });
  test.each([
    [200, '', 'SUCCESS'],
    [201, '{}', 'SUCCESS'],
    [299, invalidEmail, 'SUCCESS'],
    [300, '', 'ERROR_GENERIC'],
    [400, invalidEmail, 'ERROR_INVALID_EMAIL'],
    [500, invalidEmail, 'ERROR_INVALID_EMAIL'],
    [400, '{"type":"urn:newsletter:other"}', 'ERROR_GENERIC'],
    [400, '{"type":42}', 'ERROR_GENERIC'],
    [400, '["urn:newsletter:email_invalid"]', 'ERROR_GENERIC'],
    [400, '{"type":', 'ERROR_GENERIC'],
    [400, '', 'ERROR_GENERIC'],
    [400, '<html>Bad gateway</html>', 'ERROR_GENERIC'],
    [0, invalidEmail, 'ERROR_GENERIC'],
    [400, '['.repeat(10000), 'ERROR_GENERIC'],
  ] as const)('mapSignupResponse case %#: status %d', (status, body, expected) => {
    expect(core.mapSignupResponse(status, body)).toBe(expected);
  });

  test('a huge body is a generic error', () => {
    const huge = JSON.stringify({ type: 'urn:newsletter:email_invalid', pad: 'x'.repeat(70000) });
    expect(core.mapSignupResponse(400, huge)).toBe('ERROR_GENERIC');
  });

  test('a status that is not an HTTP status throws', () => {
    expect(() => core.mapSignupResponse(70000, '')).toThrow(/^@shop\/core: status/);
    expect(() => core.mapSignupResponse(-1, '')).toThrow(/^@shop\/core: status/);
    expect(() => core.mapSignupResponse(200.5, '')).toThrow(/^@shop\/core: status/);
  });

  test.each([
    [null, false, { formVisible: true, successVisible: false, errorBannerVisible: false }],
    [undefined, false, { formVisible: true, successVisible: false, errorBannerVisible: false }],
    ['SUCCESS', false, { formVisible: false, successVisible: true, errorBannerVisible: false }],
    ['ERROR_GENERIC', false, { formVisible: true, successVisible: false, errorBannerVisible: true }],
    [
      'ERROR_INVALID_EMAIL',
      false,
      { formVisible: true, successVisible: false, errorBannerVisible: false, emailError: 'INVALID' },
    ],
    [null, true, { formVisible: false, successVisible: true, errorBannerVisible: false }],
    ['ERROR_GENERIC', true, { formVisible: false, successVisible: true, errorBannerVisible: false }],
  ] as const)('signupView(%s, bot %s)', (outcome, bot, expected) => {
    expect(core.signupView(outcome, bot)).toEqual(expected);
  });

  test('honeypot', () => {
    expect(core.isBotSubmission('')).toBe(false);
    expect(core.isBotSubmission('  \n')).toBe(false);
    expect(core.isBotSubmission('x')).toBe(true);
  });
});

describe('sign-up page', () => {
  test.each([
    ['?doi=confirmed', 'CONFIRMED'],
    ['?x=1&doi=invalid', 'INVALID'],
    ['?doi=yes', undefined],
    ['', undefined],
  ])('the double opt-in notice of %p is %p', (query, notice) => {
    expect(core.doiNotice(query)).toBe(notice);
  });
});

describe('preview panel', () => {
  const NOW = Date.UTC(2024, 5, 15, 12, 34, 56, 789); // 2024-06-15T12:34:56.789Z

  test.each([
    ['2025-12-24T18:05:00', { date: '2025-12-24', time: '18:05' }],
    ['2025-12-24T18:05', { date: '2025-12-24', time: '18:05' }],
    ['2025-02-30T18:05', { date: '2024-06-15', time: '12:34' }],
    ['18:05', { date: '2024-06-15', time: '12:34' }],
    [undefined, { date: '2024-06-15', time: '12:34' }],
  ])('the panel starts from the settings in force %p, else from now', (inForce, fields) => {
    expect(core.previewFields(inForce, NOW)).toEqual(fields);
  });

  test('previewFields refuses a clock that is not a whole number', () => {
    expect(() => core.previewFields(undefined, 1.5)).toThrow();
  });

  const dateTime = (form: PreviewForm): string => {
    const result = core.buildPreviewRequest(form, NOW);
    if (result.kind !== 'ok') throw new Error(`unexpected ${result.error}`);
    return result.request.dateTime;
  };

  test.each([
    ['2024-02-29', '10:30', '2024-02-29T10:30'],
    ['2024-12-31', '23:59', '2024-12-31T23:59'],
    ['2024-02-29', '24:00', '2024-02-29T12:34'],
    ['2024-02-29', '9:30', '2024-02-29T12:34'],
    ['2024-02-29', '', '2024-02-29T12:34'],
    ['2023-02-29', '10:30', '2024-06-15T12:34'],
    ['1900-02-29', '10:30', '2024-06-15T12:34'],
    ['2024-04-31', '10:30', '2024-06-15T12:34'],
    ['2024-1-5', '10:30', '2024-06-15T12:34'],
    ['', '', '2024-06-15T12:34'],
  ])('date %s time %s -> %s', (date, time, expected) => {
    expect(dateTime({ date, time })).toBe(expected);
  });

  test('missing fields: now', () => {
    expect(dateTime({})).toBe('2024-06-15T12:34');
  });

  test('a test without a group is GROUP_MISSING; no test is valid', () => {
    expect(core.buildPreviewRequest({ abTest: 'checkout', abGroup: '' }, NOW)).toEqual({
      kind: 'error',
      error: 'GROUP_MISSING',
    });
    expect(core.buildPreviewRequest({ abTest: 'checkout' }, NOW)).toEqual({
      kind: 'error',
      error: 'GROUP_MISSING',
    });
    const none = core.buildPreviewRequest({ abTest: '', abGroup: 'B' }, NOW);
    expect(none).toEqual({
      kind: 'ok',
      request: {
        dateTime: '2024-06-15T12:34',
        promotionIds: [],
        allOfTags: [],
        anyOfTags: [],
        noneOfTags: [],
      },
    });
  });

  test('request and token query', () => {
    const result = core.buildPreviewRequest(
      {
        date: '2024-02-29',
        time: '10:30',
        abTest: ' checkout test ',
        abGroup: 'B',
        promotionIds: [' ', '~header_top'],
        allOfTags: ['a', ''],
      },
      NOW,
    );
    expect(result.kind).toBe('ok');
    const request = (result as { kind: 'ok'; request: PreviewRequest }).request;
    expect(request).toEqual({
      dateTime: '2024-02-29T10:30',
      test: 'checkout test',
      group: 'B',
      promotionIds: ['~header_top'],
      allOfTags: ['a'],
      anyOfTags: [],
      noneOfTags: [],
    });
    // The non-empty lists go along: promotion ids and tags joined by a literal comma.
    expect(core.previewTokenQuery(request)).toBe(
      'test=checkout%20test&group=B&dateTime=2024-02-29T10%3A30&promotionIds=~header_top&allOfTags=a',
    );
    expect(core.previewTokenPath(request)).toBe(
      '/service/preview/api/token?test=checkout%20test&group=B&dateTime=2024-02-29T10%3A30&promotionIds=~header_top&allOfTags=a',
    );
  });

  test('nowMs must be a safe integer', () => {
    expect(() => core.buildPreviewRequest({}, Number.NaN)).toThrow(/^@shop\/core: nowMs/);
    expect(() => core.buildPreviewRequest({}, 1.5)).toThrow(/^@shop\/core: nowMs/);
  });

  test('previewApplied only on SUCCESS', () => {
    expect(core.previewApplied('SUCCESS')).toBe(true);
    expect(core.previewApplied('BAD_REQUEST')).toBe(false);
    expect(core.previewApplied('UNAUTHORIZED')).toBe(false);
    expect(core.previewApplied('success')).toBe(false);
  });
});

describe('malformed input throws and the instance keeps working', () => {
  const cases: [string, () => unknown][] = [
    ['newsletterForm(42)', () => core.newsletterForm(untyped(42))],
    ['newsletterForm({})', () => core.newsletterForm(untyped({}))],
    ['newsletterForm("XX")', () => core.newsletterForm(untyped('XX'))],
    ['validateNewsletterForm(site, 42)', () => core.validateNewsletterForm('DE', untyped(42))],
    [
      'validateNewsletterForm(site, bad salutation)',
      () => core.validateNewsletterForm('HU', untyped({ salutation: 'SIR' })),
    ],
    ['validateNewsletterForm({}, form)', () => core.validateNewsletterForm(untyped({}), {})],
    ['formExpanded(false, 42)', () => core.formExpanded(false, untyped(42))],
    [
      'buildSignupRequest(bad origin)',
      () => core.buildSignupRequest('DE', {}, untyped('FOOTER'), '', []),
    ],
    [
      'buildSignupRequest(consents {})',
      () => core.buildSignupRequest('DE', {}, 'NEWSLETTER', '', untyped({})),
    ],
    ['personalisedOffersVisible(42)', () => core.personalisedOffersVisible(untyped(42))],
    ['signupView({}, false)', () => core.signupView(untyped({}), false)],
    ['signupView(42, false)', () => core.signupView(untyped(42), false)],
    ['signupAnalyticsOrigin(42)', () => core.signupAnalyticsOrigin(untyped(42), '')],
    ['buildPreviewRequest(42)', () => core.buildPreviewRequest(untyped(42), 0)],
    [
      'buildPreviewRequest(promotionIds: 42)',
      () => core.buildPreviewRequest(untyped({ promotionIds: 42 }), 0),
    ],
    ['previewTokenQuery({})', () => core.previewTokenQuery(untyped({}))],
    ['previewTokenPath(42)', () => core.previewTokenPath(untyped(42))],
    ['validateField(rules {})', () => core.validateField('x', untyped({}))],
    ['validateField(rules 42)', () => core.validateField('x', untyped(42))],
    ['validateField(unknown kind)', () => core.validateField('x', untyped([{ kind: 'regex' }]))],
    ['emailValidationRuns({})', () => core.emailValidationRuns(untyped({}))],
    ['errorTextKey(unknown field)', () => core.errorTextKey(untyped('phone'), 'REQUIRED')],
    ['validationTriggerRuns(42)', () => core.validationTriggerRuns(untyped(42))],
  ];

  test.each(cases)('%s', (_name, call) => {
    expectMalformed(call);
    // The instance survived: a normal call still answers.
    expect(core.validateEmail('max@example.com')).toBeNull();
    expect(core.newsletterForm('HU').salutation).toBe('REQUIRED');
  });

  test('many failures in a row do not exhaust the instance', () => {
    for (let i = 0; i < 2000; i += 1) {
      expect(() => core.validateNewsletterForm('DE', untyped(i))).toThrow();
    }
    expect(core.validateNewsletterForm('DE', { email: 'a@b.de' })).toEqual({});
    expect(core.formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
