/**
 * The newsletter sign-up: the site's form, when it expands, validation on blur and on submit,
 * the request it posts, success, the invalid-e-mail and generic errors (values kept), the bot
 * trap, the prefill of a logged-in customer, the double opt-in banners and the time limit.
 * The only fake is `fetch`; the core is the real WebAssembly build.
 */
import { act, fireEvent, render, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import Newsletter, { type NewsletterProps } from '../src/Newsletter';
import { settle } from '../../build/jest/settle';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch answer as far as the fragment reads it (jsdom has no `Response`). */
const reply = (body: string, status = 200) => ({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(body) });

type Answer = { status: number; body: string } | 'network-error' | 'never';

function fakeServices(signup: Answer = { status: 201, body: '{"subscriberToken":"t"}' }, baseData?: { status: number; body: string }): Call[] {
  const calls: Call[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.endsWith('/customers/base-data')) return Promise.resolve(reply(baseData?.body ?? '', baseData?.status ?? 401));
    if (url.endsWith('/newsletter-subscribers')) {
      if (signup === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
      if (signup === 'never') {
        return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return Promise.resolve(reply(signup.body, signup.status));
    }
    return Promise.resolve(reply('', 404));
  }) as typeof fetch;
  return calls;
}

const signups = (calls: Call[]) => calls.filter((call) => call.url.endsWith('/newsletter-subscribers'));

async function renderSignup(props: NewsletterProps = {}): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(<Newsletter site="DE" scrollSuccessIntoView={false} {...props} />);
  });
  await settle(8);
  return result as RenderResult;
}

/** The e-mail field, in any language. */
const email = () => document.querySelector<HTMLInputElement>('input[name="email"]') as HTMLInputElement;
const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;

async function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
  await settle(1);
}

async function send() {
  await act(async () => {
    fireEvent.click(submit());
  });
  await settle(8);
}

beforeEach(() => {
  document.cookie = 'LoginToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.cookie = 'csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  (window as { dataLayer?: unknown[] }).dataLayer = [];
  window.history.replaceState(null, '', '/subscribenewsletter');
});
afterEach(() => jest.useRealTimers());

describe('the form of each site', () => {
  it('starts with the e-mail field only and expands once it is focused, and stays expanded', async () => {
    fakeServices();
    await renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Newsletter abonnieren und 10 % sichern' })).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.focus(email());
    expect(screen.getByRole('checkbox', { name: /personalisierte|abgestimmte Angebote/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rechtliche Hinweise' })).toBeVisible();
    fireEvent.blur(email());
    expect(screen.getByRole('checkbox', { name: /abgestimmte Angebote/ })).toBeVisible();
    // The note that marked fields are mandatory (spec section 2).
    expect(screen.getByText('* Pflichtfeld')).toBeVisible();
    // DE asks for no names, no salutation and no legal checkbox.
    expect(screen.queryByRole('textbox', { name: /Vorname/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it.each([
    ['AT', false, false],
    ['HU', true, true],
  ] as const)('%s shows salutation and names (required: %s)', async (site, salutationRequired, namesRequired) => {
    fakeServices();
    await renderSignup({ site });
    fireEvent.focus(email());
    const salutations = screen.getByRole('radiogroup');
    expect(within(salutations).getAllByRole('radio')).toHaveLength(4);
    expect(salutations.getAttribute('aria-required') === 'true').toBe(salutationRequired);
    const names = screen.getAllByRole('textbox').slice(1);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.hasAttribute('required') || name.getAttribute('aria-required') === 'true').toBe(namesRequired);
  });

  it('takes the shopper to the fields in error in the order they show: first name, last name, then the legal checkbox', async () => {
    const calls = fakeServices();
    await renderSignup({ site: 'TR' });
    fireEvent.focus(email());
    await type(email(), 'anna@example.com');
    const firstName = document.querySelector('input[name="firstName"]') as HTMLInputElement;
    const lastName = document.querySelector('input[name="lastName"]') as HTMLInputElement;
    await send();
    expect(firstName).toHaveFocus();
    await type(firstName, 'Ayşe');
    await send();
    expect(lastName).toHaveFocus();
    await type(lastName, 'Yılmaz');
    await send();
    expect(document.querySelector('input[name="legals"]')).toHaveFocus();
    expect(signups(calls)).toHaveLength(0);
  });

  it('TR requires names and the legal checkbox, and writes %10', async () => {
    fakeServices();
    await renderSignup({ site: 'TR' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('%10');
    fireEvent.focus(email());
    await send();
    expect(screen.getByText('E-bülten üyesi olmak için lütfen ticari elektronik ileti onayınızı veriniz.')).toBeVisible();
    // Both names are required in TR: each shows its own required message.
    const names = [document.querySelector('input[name="firstName"]'), document.querySelector('input[name="lastName"]')];
    for (const name of names) expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['CZ', '18'],
    ['DE', '16'],
  ] as const)('the legal notice of %s states the minimum age %s', async (site, age) => {
    fakeServices();
    await renderSignup({ site });
    fireEvent.focus(email());
    fireEvent.click(screen.getByRole('button', { name: /Rechtliche|Právní|Právne/ }));
    expect(document.querySelector('.snl-legal')).toHaveTextContent(age);
  });

  it('links the site’s pages under its path prefix', async () => {
    fakeServices();
    await renderSignup({ site: 'AT', basePath: '/at' });
    expect(screen.getByRole('link', { name: 'Datenschutzhinweise' })).toHaveAttribute('href', '/at/privacy');
    expect(screen.getByRole('link', { name: 'Gutscheinbedingungen' })).toHaveAttribute('href', '/at/c/subscribenewsletter-allgemeine-gutscheinbedingungen');
  });

  it('can leave out the voucher footnote', async () => {
    fakeServices();
    await renderSignup({ voucherFootnote: false });
    expect(screen.queryByRole('link', { name: 'Gutscheinbedingungen' })).not.toBeInTheDocument();
  });
});

describe('the picture', () => {
  it('has the desktop source from 1024 px, the tablet one from 767 px, a described fallback, and the discount bubble', async () => {
    fakeServices();
    const { container } = await renderSignup({ site: 'TR' });
    const sources = [...container.querySelectorAll('picture source')].map((source) => [source.getAttribute('media'), source.getAttribute('srcset')]);
    expect(sources).toEqual([
      ['(min-width: 1024px)', '/img/newsletter/newsletter-desktop.jpg'],
      ['(min-width: 767px)', '/img/newsletter/newsletter-tablet.jpg'],
    ]);
    const img = container.querySelector('picture img');
    expect(img?.getAttribute('alt')).toBeTruthy();
    // The bubble shows the voucher as the site writes it (%10 in Turkey), hidden from readers
    // (the intro says it).
    const bubble = container.querySelector('.snl-bubble');
    expect(bubble).toHaveTextContent('%10');
    expect(bubble).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('validation', () => {
  it('checks the e-mail on blur, not while typing, and clears its error on focus', async () => {
    fakeServices();
    await renderSignup();
    fireEvent.focus(email());
    await type(email(), 'anna@');
    expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).not.toBeInTheDocument();
    fireEvent.blur(email());
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.focus(email());
    expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).not.toBeInTheDocument();
    await type(email(), '');
    fireEvent.blur(email());
    expect(screen.getByText('Die E-Mail-Adresse ist ein Pflichtfeld.')).toBeVisible();
  });

  it('refuses to send an invalid form, shows every error and focuses the first field in error', async () => {
    const calls = fakeServices();
    await renderSignup({ site: 'AT' });
    fireEvent.focus(email());
    await type(screen.getByRole('textbox', { name: /Vorname/ }), 'www.spam.at');
    await send();
    expect(signups(calls)).toHaveLength(0);
    expect(screen.getByText('Die E-Mail-Adresse ist ein Pflichtfeld.')).toBeVisible();
    expect(screen.getByText('Dieses Feld enthält ungültige Zeichen.')).toBeVisible();
    expect(email()).toHaveFocus();
    // Fixing the name clears its error at once; the e-mail waits for its blur.
    await type(screen.getByRole('textbox', { name: /Vorname/ }), 'Anna');
    expect(screen.queryByText('Dieses Feld enthält ungültige Zeichen.')).not.toBeInTheDocument();
    await type(email(), 'anna@');
    expect(screen.getByText('Die E-Mail-Adresse ist ein Pflichtfeld.')).toBeVisible();
    expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).not.toBeInTheDocument();
    fireEvent.blur(email());
    await settle(4);
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  });

  it("a name over 40 characters is refused with a message naming the name's maximum", async () => {
    const calls = fakeServices();
    await renderSignup({ site: 'AT' });
    await type(email(), 'anna@example.com');
    await type(screen.getByRole('textbox', { name: /Vorname/ }), 'A'.repeat(41));
    await send();
    expect(signups(calls)).toHaveLength(0);
    expect(screen.getByText('Bitte geben Sie höchstens 40 Zeichen ein.')).toBeVisible();
  });

  it('drops the e-mail error of a refused submit once the corrected form is sent with Enter (no blur between)', async () => {
    const calls = fakeServices({ status: 500, body: '{"type":"urn:newsletter:unavailable"}' });
    await renderSignup();
    // Enter in the field submits the form: the focus never leaves it, so no blur checks it again.
    const pressEnter = async () => {
      await act(async () => {
        fireEvent.submit(email().closest('form') as HTMLFormElement);
      });
      await settle(8);
    };
    act(() => email().focus());
    await type(email(), 'anna@example');
    await pressEnter();
    expect(signups(calls)).toHaveLength(0);
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    expect(email()).toHaveAttribute('aria-invalid', 'true');

    await type(email(), 'anna@example.com');
    await pressEnter();
    expect(signups(calls)).toHaveLength(1);
    // The server failed: the generic banner, and no stale e-mail error beside it.
    expect(screen.getByRole('alert')).toHaveTextContent('Aus technischen Gründen ist die Newsletteranmeldung nicht möglich.');
    expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).not.toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(email()).toHaveAccessibleDescription('');
    expect(email()).toHaveValue('anna@example.com');
  });

  it('shows no e-mail error of a refused submit while the corrected form is being sent', async () => {
    jest.useFakeTimers();
    const calls = fakeServices('never');
    await renderSignup({ site: 'AT' });
    act(() => email().focus());
    await type(email(), 'anna@example');
    await type(screen.getByRole('textbox', { name: /Vorname/ }), 'www.spam.at');
    const form = email().closest('form') as HTMLFormElement;
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    expect(screen.getByText('Dieses Feld enthält ungültige Zeichen.')).toBeVisible();

    await type(email(), 'anna@example.com');
    await type(screen.getByRole('textbox', { name: /Vorname/ }), 'Anna');
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(signups(calls)).toHaveLength(1);
    expect(email()).toBeDisabled();
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).not.toBeInTheDocument();
    // Nothing typed is lost.
    expect(email()).toHaveValue('anna@example.com');
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Anna');
    await act(async () => {
      jest.advanceTimersByTime(15_000);
    });
    await settle(8);
  });
});

describe('sending', () => {
  it('posts the core’s request with the site header, then shows success, records sign_up, clears the form and emits the submit event', async () => {
    const calls = fakeServices();
    const submitted = jest.fn();
    window.addEventListener('newsletter:submitted', submitted);
    await renderSignup({ site: 'AT', originAddition: 'footer' });
    fireEvent.focus(email());
    await type(email(), ' anna@example.com ');
    await type(screen.getByRole('textbox', { name: /Vorname/ }), ' Anna ');
    fireEvent.click(screen.getByRole('radio', { name: 'Frau' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /abgestimmte Angebote/ }));
    await send();
    window.removeEventListener('newsletter:submitted', submitted);

    const [call] = signups(calls);
    expect(call.url).toBe('http://localhost/service/newsletter/api/internal/newsletter-subscribers');
    expect(call.init.method).toBe('POST');
    expect(call.init.headers).toMatchObject({ site: 'AT', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(call.init.body))).toEqual({
      email: 'anna@example.com',
      salutation: 'MRS',
      firstName: 'Anna',
      consents: ['DNE'],
      origin: 'NEWSLETTER',
      originAddition: 'footer',
    });
    const success = screen.getByRole('status');
    expect(within(success).getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();
    expect(success).toHaveTextContent('anna@example.com');
    expect(success).toHaveFocus();
    expect(email()).toBeNull();
    expect((window as { dataLayer?: unknown[] }).dataLayer).toEqual([
      { event: 'sign_up', subject: 'newsletter', origin: 'NEWSLETTER:footer', type: 'ga4', emitter: 'newsletterservice' },
    ]);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('tells the page in its submitted event where the sign-up came from', async () => {
    fakeServices();
    const submitted: unknown[] = [];
    const onSubmitted = (event: Event) => submitted.push((event as CustomEvent).detail);
    window.addEventListener('newsletter:submitted', onSubmitted);
    try {
      await renderSignup({ originAddition: 'footer' });
      await type(email(), 'anna@example.com');
      await send();
    } finally {
      window.removeEventListener('newsletter:submitted', onSubmitted);
    }
    expect(submitted).toEqual([{ origin: 'NEWSLETTER', originAddition: 'footer' }]);
  });

  it("says the sign-up comes from the sign-up page (the core's `newsletterpage`) when the host names no place", async () => {
    const calls = fakeServices();
    // As the shell renders the page: no `originAddition`.
    await renderSignup();
    fireEvent.focus(email());
    await type(email(), 'anna@example.com');
    await send();

    const [call] = signups(calls);
    const body = JSON.parse(String(call.init.body)) as { origin: string; originAddition: string };
    expect(body.origin).toBe('NEWSLETTER');
    expect(body.originAddition).toBe('newsletterpage');
    expect((window as { dataLayer?: { origin?: string }[] }).dataLayer?.[0]?.origin).toBe('NEWSLETTER:newsletterpage');
  });

  it('scrolls the success message into view by default, and not when the page says not to', async () => {
    const scrolled = jest.fn();
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = scrolled;
    try {
      fakeServices();
      let result = await renderSignup({ scrollSuccessIntoView: undefined });
      fireEvent.focus(email());
      await type(email(), 'anna@example.com');
      await send();
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(scrolled.mock.instances[0]).toBe(screen.getByRole('status'));
      result.unmount();

      scrolled.mockClear();
      fakeServices();
      result = await renderSignup({ scrollSuccessIntoView: false });
      fireEvent.focus(email());
      await type(email(), 'anna@example.com');
      await send();
      expect(screen.getByRole('status')).toHaveFocus();
      expect(scrolled).not.toHaveBeenCalled();
      result.unmount();
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
    }
  });

  it('goes to the private service on a single-page app', async () => {
    const calls = fakeServices();
    await renderSignup({ singlePageApp: true });
    await type(email(), 'anna@example.com');
    await send();
    expect(signups(calls)[0].url).toBe('http://localhost/service/newsletter/api/private/newsletter-subscribers');
  });

  it('puts the invalid-e-mail answer on the field and keeps the form and its values', async () => {
    fakeServices({ status: 400, body: '{"type":"urn:newsletter:email_invalid"}' });
    await renderSignup();
    await type(email(), 'anna@example.com');
    await send();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    expect(email()).toHaveValue('anna@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The focus is back on the field, with its message still showing.
    await waitFor(() => expect(email()).toHaveFocus());
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    expect((window as { dataLayer?: unknown[] }).dataLayer).toEqual([]);
  });

  it.each([
    ['a server error', { status: 500, body: '{"type":"urn:newsletter:unavailable"}' } as Answer],
    ['a network failure', 'network-error' as Answer],
  ])('shows the generic banner on %s and keeps every value', async (_case, answer) => {
    fakeServices(answer);
    await renderSignup({ site: 'AT' });
    fireEvent.focus(email());
    await type(email(), 'anna@example.com');
    await type(screen.getByRole('textbox', { name: /Nachname/ }), 'Muster');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Aus technischen Gründen ist die Newsletteranmeldung nicht möglich. Bitte versuchen Sie es später!');
    expect(email()).toHaveValue('anna@example.com');
    expect(screen.getByRole('textbox', { name: /Nachname/ })).toHaveValue('Muster');
  });

  it('locks the fields while sending, ignores a second submit, and gives up after 15 s', async () => {
    jest.useFakeTimers();
    const calls = fakeServices('never');
    await renderSignup({ site: 'AT' });
    fireEvent.focus(email());
    await type(email(), 'anna@example.com');
    await type(screen.getByRole('textbox', { name: /Vorname/ }), 'Anna');
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(email()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toBeDisabled();
    // The salutation too (spec section 4: a filled name or salutation is locked while sending).
    for (const radio of within(screen.getByRole('radiogroup')).getAllByRole('radio')) expect(radio).toBeDisabled();
    await act(async () => {
      fireEvent.submit(email().closest('form') as HTMLFormElement);
    });
    expect(signups(calls)).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(15_000);
    });
    await settle(8);
    expect(screen.getByRole('alert')).toBeVisible();
    expect(email()).not.toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Anna');
  });

  it('takes the last answer\'s banner away while the next attempt is being sent', async () => {
    jest.useFakeTimers();
    fakeServices({ status: 500, body: '{"type":"urn:newsletter:unavailable"}' });
    await renderSignup();
    await type(email(), 'anna@example.com');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Aus technischen Gründen');
    fakeServices('never');
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(email()).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // This attempt's own outcome (the time limit) brings its own banner.
    await act(async () => {
      jest.advanceTimersByTime(15_000);
    });
    await settle(8);
    expect(screen.getByRole('alert')).toHaveTextContent('Aus technischen Gründen');
  });

  it('says the form is busy while it is being sent, and no longer once the answer is in', async () => {
    jest.useFakeTimers();
    fakeServices('never');
    await renderSignup();
    await type(email(), 'anna@example.com');
    const form = email().closest('form') as HTMLFormElement;
    expect(form).not.toHaveAttribute('aria-busy');
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(form).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      jest.advanceTimersByTime(15_000);
    });
    await settle(8);
    expect(screen.getByRole('alert')).toBeVisible();
    expect(form).not.toHaveAttribute('aria-busy');
  });

  it('keeps the trap field out of the tab order, out of the accessibility tree and out of autofill', async () => {
    fakeServices();
    const { container } = await renderSignup();
    fireEvent.focus(email());
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap).not.toBeNull();
    expect(trap.tabIndex).toBe(-1);
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap).toHaveValue('');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Website/ })).not.toBeInTheDocument();
    // Every field a person reaches with Tab is outside the hidden trap.
    const tabbable = [...container.querySelectorAll<HTMLElement>('input, button, a[href], select, textarea')].filter(
      (element) => element.tabIndex >= 0,
    );
    expect(tabbable).not.toContain(trap);
    expect(tabbable.length).toBeGreaterThan(0);
  });

  it('shows a bot success without calling the service, and still records and clears', async () => {
    const calls = fakeServices();
    const { container } = await renderSignup();
    await type(email(), 'bot@example.com');
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    fireEvent.change(trap, { target: { value: 'http://spam.example' } });
    await send();
    expect(signups(calls)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();
    expect((window as { dataLayer?: unknown[] }).dataLayer).toHaveLength(1);
  });
});

describe('a logged-in customer', () => {
  it('finds the form filled from the base data, asked with the login token, and no consent asked twice', async () => {
    document.cookie = 'LoginToken=tok-123';
    const calls = fakeServices(undefined, {
      status: 200,
      body: JSON.stringify({ email: 'maria@example.com', salutation: 'MRS', firstName: 'Maria', lastName: 'Muster', consentsAlreadyGiven: ['DNE'] }),
    });
    await renderSignup({ site: 'AT' });
    const baseData = calls.find((call) => call.url.endsWith('/customers/base-data'));
    expect(baseData?.url).toBe('http://localhost/service/newsletter/api/private/customers/base-data');
    expect(baseData?.init.headers).toEqual({ 'x-login-token': 'tok-123' });
    expect(email()).toHaveValue('maria@example.com');
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Maria');
    expect(screen.getByRole('radio', { name: 'Frau' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /abgestimmte Angebote/ })).not.toBeInTheDocument();
  });

  it('asks with the page’s CSRF token when the login cookie is out of the page’s reach', async () => {
    document.cookie = 'csrf=0123456789abcdef0123456789abcdef';
    const calls = fakeServices(undefined, { status: 200, body: JSON.stringify({ email: 'max@example.com' }) });
    await renderSignup();
    const baseData = calls.find((call) => call.url.endsWith('/customers/base-data'));
    expect(baseData?.init.headers).toEqual({ 'x-csrf-token': '0123456789abcdef0123456789abcdef' });
    expect(email()).toHaveValue('max@example.com');
  });

  it('keeps what the shopper typed before the base data came, and fills only the fields still empty', async () => {
    document.cookie = 'LoginToken=tok-123';
    fakeServices(undefined, { status: 200, body: JSON.stringify({ email: 'maria@example.com', firstName: 'Maria', lastName: 'Muster' }) });
    const answering = global.fetch;
    let answerBaseData: (() => void) | undefined;
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/customers/base-data')) return answering(input, init);
      return new Promise<Response>((resolve) => {
        answerBaseData = () => resolve(answering(input, init));
      });
    }) as typeof fetch;
    await renderSignup({ site: 'AT' });
    fireEvent.focus(email());
    await type(email(), 'anna@example.com');
    await act(async () => answerBaseData?.());
    await settle(8);
    expect(email()).toHaveValue('anna@example.com');
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Maria');
    expect(screen.getByRole('textbox', { name: /Nachname/ })).toHaveValue('Muster');
  });

  it('does not ask without any token', async () => {
    const calls = fakeServices();
    await renderSignup();
    expect(calls.filter((call) => call.url.endsWith('/customers/base-data'))).toHaveLength(0);
  });

  it.each([
    ['refused', { status: 401, body: '{"type":"urn:newsletter:unauthorized"}' }],
    ['malformed', { status: 200, body: '<html>' }],
  ])('keeps the empty form when the base data is %s', async (_case, baseData) => {
    document.cookie = 'LoginToken=tok-123';
    fakeServices(undefined, baseData);
    await renderSignup();
    expect(email()).toHaveValue('');
  });
});

describe('double opt-in notices', () => {
  it('shows the invalid-link banner from the address until the e-mail field is focused', async () => {
    fakeServices();
    window.history.replaceState(null, '', '/subscribenewsletter?doi=invalid');
    await renderSignup();
    expect(screen.getByText('Dieser Bestätigungslink ist nicht mehr gültig. Bitte melde dich erneut für den Newsletter an.')).toBeVisible();
    fireEvent.focus(email());
    expect(screen.queryByText(/Bestätigungslink ist nicht mehr gültig/)).not.toBeInTheDocument();
  });

  it('thanks for a confirmed sign-up', async () => {
    fakeServices();
    window.history.replaceState(null, '', '/subscribenewsletter?doi=confirmed');
    await renderSignup();
    expect(screen.getByText('Vielen Dank! Deine Anmeldung ist bestätigt.')).toBeVisible();
    // A success banner (its icon and its spoken prefix), not a mere information.
    expect(screen.getByText('Vielen Dank! Deine Anmeldung ist bestätigt.').closest('.sui-banner')).toHaveClass('sui-banner--success');
  });
});
