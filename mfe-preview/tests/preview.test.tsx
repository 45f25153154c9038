/**
 * The staff preview panel: only for staff with a successful auth check; the login renewed at
 * start and every 5 minutes; the dialog's date, time, test and group, the active tests per date,
 * the group a chosen test needs, applying the settings, closing, and logging out. The only fake
 * is `fetch`; the core is the real WebAssembly build.
 */
import { act, fireEvent, render, screen, within, type RenderResult } from '@testing-library/react';
import { previewTexts } from '@shop/texts';
import PreviewPanel, { staffLocale, type PreviewPanelProps } from '../src/PreviewPanel';
import { settle } from '../../build/jest/settle';

const reply = (body: string, status = 200) => ({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(body) });

const TESTS = [
  { name: 'checkout', groups: [{ name: 'A' }, { name: 'B' }] },
  { name: 'search', groups: [{ name: 'old' }, { name: 'new' }] },
];

interface Services {
  check?: object;
  /** `'hang'`: the call never answers (it ends only when the panel's time limit aborts it). */
  tests?: (time: string) => object[] | 'fail' | 'hang';
  token?: string | 'hang';
  /** The token call's HTTP status (200 unless given). */
  tokenStatus?: number;
}

/** A call that never answers: it rejects only when its signal aborts it. */
const hanging = (init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));

let tokenHeaders: unknown[] = [];
let logoutHeaders: unknown[] = [];
/** How the logout answers: as the server does with the csrf token, or refused (403). */
let logoutStatus = 204;

function fakeServices({ check = { status: 'SUCCESS', dateTime: '2026-11-25T10:30', abTestName: 'checkout', abTestGroup: 'A' }, tests = () => TESTS, token = '{"status":"SUCCESS"}', tokenStatus = 200 }: Services = {}): string[] {
  const calls: string[] = [];
  tokenHeaders = [];
  logoutHeaders = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    if (url.endsWith('/auth/checkauth')) return Promise.resolve(reply(JSON.stringify(check)));
    if (url.endsWith('/auth/login/renew')) return Promise.resolve(reply('', 204));
    if (url.endsWith('/auth/logout')) {
      logoutHeaders.push(init?.headers);
      return Promise.resolve(reply('', logoutStatus));
    }
    if (url.includes('/gettestsat?time=')) {
      const list = tests(decodeURIComponent(url.split('time=')[1]));
      if (list === 'hang') return hanging(init);
      return Promise.resolve(list === 'fail' ? reply('oops', 500) : reply(JSON.stringify(list)));
    }
    if (url.startsWith('/service/preview/api/token')) {
      tokenHeaders.push(init?.headers);
      return token === 'hang' ? hanging(init) : Promise.resolve(reply(token, tokenStatus));
    }
    return Promise.resolve(reply('', 404));
  }) as typeof fetch;
  return calls;
}

const NOW = Date.UTC(2026, 10, 25, 9, 0);

async function renderPanel(props: Partial<PreviewPanelProps> = {}): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(<PreviewPanel site="DE" now={() => NOW} {...props} />);
  });
  await settle(8);
  return result as RenderResult;
}

const openButton = () => screen.getByRole('button', { name: 'Vorschau-Einstellungen' });
const dialog = () => screen.getByRole('dialog', { name: 'Vorschau-Einstellungen' });

async function openDialog(props: Partial<PreviewPanelProps> = {}) {
  await renderPanel(props);
  await act(async () => {
    // A real click focuses the button first.
    openButton().focus();
    fireEvent.click(openButton());
  });
  await settle(8);
  return dialog();
}

const testSelect = () => within(dialog()).getByRole('combobox', { name: 'A/B-Test' }) as HTMLSelectElement;
const groupSelect = () => within(dialog()).getByRole('combobox', { name: /^A\/B-Testgruppe/ }) as HTMLSelectElement;

beforeEach(() => {
  document.cookie = 'staffAuth=1';
  document.cookie = 'csrf=0123456789abcdef0123456789abcdef';
});
afterEach(() => {
  document.cookie = 'staffAuth=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  jest.useRealTimers();
});

/** Counts the panel's `shop:preview-changed` events (the page's promotions listen to it). */
function previewChanges(): { count: number } {
  const changes = { count: 0 };
  const onChange = () => (changes.count += 1);
  window.addEventListener('shop:preview-changed', onChange);
  afterCleanup.push(() => window.removeEventListener('shop:preview-changed', onChange));
  return changes;
}
const afterCleanup: (() => void)[] = [];
afterEach(() => afterCleanup.splice(0).forEach((stop) => stop()));

describe('who sees it', () => {
  it('nobody without the staff cookie, and the auth check is not even asked', async () => {
    document.cookie = 'staffAuth=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const calls = fakeServices();
    const { container } = await renderPanel();
    expect(container).toHaveTextContent(/^$/);
    expect(calls).toEqual([]);
  });

  it('staff whose browser has no AbortSignal.timeout (Safari 15, ADR 0027): the check is asked and the panel shows', async () => {
    const timeout = Object.getOwnPropertyDescriptor(AbortSignal, 'timeout');
    Object.defineProperty(AbortSignal, 'timeout', { configurable: true, value: undefined });
    afterCleanup.push(() => timeout && Object.defineProperty(AbortSignal, 'timeout', timeout));
    const calls = fakeServices();
    await renderPanel();
    expect(calls[0]).toBe('/service/preview/api/auth/checkauth');
    expect(openButton()).toBeVisible();
  });

  it.each([{ status: 'UNAUTHORIZED' }, { status: 'WHATEVER' }])('nobody when the auth check answers %j', async (check) => {
    fakeServices({ check });
    await renderPanel();
    expect(screen.queryByRole('button', { name: 'Vorschau-Einstellungen' })).not.toBeInTheDocument();
  });

  it('keeps the page\'s bottom free of its button while it shows, and gives it back when it goes', async () => {
    fakeServices();
    const { unmount } = await renderPanel();
    const root = document.documentElement;
    expect(root).toHaveClass('spv-page');
    expect(root.style.getPropertyValue('--spv-room')).toMatch(/^\d+px$/);
    unmount();
    expect(root).not.toHaveClass('spv-page');
    expect(root.style.getPropertyValue('--spv-room')).toBe('');
  });

  it('keeps room below for the fixed button: the window height less the button\'s top, plus 8 px', async () => {
    fakeServices();
    const height = window.innerHeight;
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    // The button's bar (the element the room is measured on) sits 56 px above the window's bottom.
    const rect = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.classList.contains('spv-open') ? 744 : 0;
      return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    afterCleanup.push(() => {
      rect.mockRestore();
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
    });
    const { unmount } = await renderPanel();
    expect(openButton()).toBeVisible();
    expect(document.documentElement.style.getPropertyValue('--spv-room')).toBe('64px');
    unmount();
  });

  it('staff with a successful check, whose login is renewed at start and every 5 minutes', async () => {
    jest.useFakeTimers();
    const calls = fakeServices();
    await renderPanel();
    expect(openButton()).toBeVisible();
    const renewals = () => calls.filter((url) => url.endsWith('/auth/login/renew')).length;
    expect(renewals()).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(300_000);
    });
    expect(renewals()).toBe(2);
  });
});

describe('the dialog', () => {
  it('shows the settings in force and the tests active on the chosen date', async () => {
    const calls = fakeServices();
    await openDialog();
    expect(within(dialog()).getByText('Aktuell eingestellt: 2026-11-25 10:30 · checkout · A')).toBeVisible();
    expect(within(dialog()).getByLabelText('Datum')).toHaveValue('2026-11-25');
    expect(within(dialog()).getByLabelText('Uhrzeit')).toHaveValue('10:30');
    expect(calls).toContain('/service/abtestfrontend/api/v1/gettestsat?time=2026-11-25T10%3A30');
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Aktive Tests gefunden.');
    expect([...testSelect().options].map((option) => option.text)).toEqual(['Test auswählen …', 'Keiner', 'checkout', 'search']);
    expect(testSelect()).toHaveValue('checkout');
    expect(groupSelect()).toHaveValue('A');
  });

  it('needs a group for a chosen test, then applies the settings', async () => {
    const calls = fakeServices();
    const changes = previewChanges();
    await openDialog();
    fireEvent.change(testSelect(), { target: { value: 'search' } });
    const group = groupSelect();
    expect(group).toBeEnabled();
    expect(group).toHaveValue('');
    expect(group).toBeRequired();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    // Said on the group's field, which gets the cursor.
    expect(within(dialog()).getByText('Bitte wähle auch eine A/B-Testgruppe aus!')).toBeVisible();
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(/Bitte wähle auch eine A\/B-Testgruppe aus!/);
    expect(group).toHaveFocus();
    expect(calls.some((url) => url.startsWith('/service/preview/api/token'))).toBe(false);

    fireEvent.change(group, { target: { value: 'new' } });
    expect(group).not.toBeRequired();
    expect(changes.count).toBe(0);
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    // The page's promotions are told to fetch again, once.
    expect(changes.count).toBe(1);
    expect(calls).toContain('/service/preview/api/token?test=search&group=new&dateTime=2026-11-25T10%3A30');
    expect(within(dialog()).getByText('Einstellungen erfolgreich übernommen.')).toBeVisible();
    // The call repeats the page's CSRF token (double submit).
    expect(tokenHeaders).toContainEqual({ 'x-csrf-token': '0123456789abcdef0123456789abcdef' });
    // The settings in force are asked again.
    expect(calls.filter((url) => url.endsWith('/auth/checkauth'))).toHaveLength(2);
  });

  it('says once that a chosen test needs a group: in the name, not again as its description', async () => {
    fakeServices();
    await openDialog();
    fireEvent.change(testSelect(), { target: { value: 'search' } });
    const group = groupSelect();
    expect(group).toHaveAccessibleName('A/B-Testgruppe Pflichtfeld');
    expect(group).toHaveAccessibleDescription('');
    // Seen, it is still marked: the asterisk and the word.
    const field = group.closest('.sui-field') as HTMLElement;
    expect(within(field).getByText('*')).toBeVisible();
    expect(within(field).getAllByText('Pflichtfeld').filter((text) => !text.closest('.sui-visually-hidden'))).toHaveLength(1);
    // A picked group is no longer required, and the word goes.
    fireEvent.change(group, { target: { value: 'new' } });
    expect(group).toHaveAccessibleName('A/B-Testgruppe');
    expect(within(field).queryByText('Pflichtfeld')).not.toBeInTheDocument();
  });

  it('with None applies the date and time alone', async () => {
    const calls = fakeServices();
    await openDialog();
    fireEvent.change(testSelect(), { target: { value: 'None' } });
    expect(groupSelect()).toBeDisabled();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    expect(calls).toContain('/service/preview/api/token?dateTime=2026-11-25T10%3A30');
  });

  it.each([
    ['DE', '2026-11-25T10%3A00'],
    ['TR', '2026-11-25T12%3A00'],
  ])("with the date left empty applies the time now on %s's clocks, whatever the staff member's own zone", async (site, dateTime) => {
    // A staff member whose computer is set to New York (UTC-5): NOW is 09:00 UTC, 04:00 there;
    // the site reads a preview's time on its own clocks (DE 10:00 CET, TR 12:00).
    const zone = jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(300);
    try {
      const calls = fakeServices({ check: { status: 'SUCCESS' } });
      await renderPanel({ site: site as PreviewPanelProps['site'] });
      await act(async () => {
        fireEvent.click(screen.getByRole('button'));
      });
      await settle(8);
      const form = screen.getByRole('dialog').querySelector('form') as HTMLFormElement;
      const date = form.querySelector('input[name="date"]') as HTMLInputElement;
      const time = form.querySelector('input[name="time"]') as HTMLInputElement;
      // The fields start from the site's time now.
      expect(date).toHaveValue('2026-11-25');
      expect(time).toHaveValue(decodeURIComponent(dateTime).slice(11));
      fireEvent.change(date, { target: { value: '' } });
      fireEvent.change(time, { target: { value: '' } });
      // The tests active then are asked again, for that moment.
      await settle(6);
      expect(calls.at(-1)).toBe(`/service/abtestfrontend/api/v1/gettestsat?time=${dateTime}`);
      await act(async () => {
        fireEvent.submit(form);
      });
      await settle(6);
      expect(calls).toContain(`/service/preview/api/token?dateTime=${dateTime}`);
    } finally {
      zone.mockRestore();
    }
  });

  it('asks for the tests at the moment the settings would apply when the date is not a date', async () => {
    const calls = fakeServices();
    await openDialog();
    // A date field lets a five-digit year through; the core reads it as no date: now.
    fireEvent.change(within(dialog()).getByLabelText('Datum'), { target: { value: '22026-03-01' } });
    await settle(8);
    expect(calls.at(-1)).toBe('/service/abtestfrontend/api/v1/gettestsat?time=2026-11-25T10%3A00');
    expect(within(dialog()).getByRole('status')).toHaveTextContent(/Test/);
    expect(within(dialog()).getByRole('status')).not.toHaveClass('spv-list--error');
  });

  it("sends the page's promotion ids and tag filters along, only the non-empty ones", async () => {
    const calls = fakeServices();
    await openDialog({ promotions: { promotionIds: ['top-banner', ' '], allOfTags: ['advent'], noneOfTags: [] } });
    fireEvent.change(testSelect(), { target: { value: 'None' } });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    expect(calls).toContain('/service/preview/api/token?dateTime=2026-11-25T10%3A30&promotionIds=top-banner&allOfTags=advent');
  });

  it('says so when the settings are refused', async () => {
    fakeServices({ token: '{"status":"BAD_REQUEST"}' });
    await openDialog();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    expect(within(dialog()).getByText('Übernehmen der Einstellungen fehlgeschlagen.')).toBeVisible();
  });

  // Newsletter spec section 7: statuses 200 to 299 are success, others are errors, whatever the
  // body says (a gateway or proxy may answer with a cached or copied body).
  it('says the settings failed when their answer is no 2xx, even with a SUCCESS body', async () => {
    fakeServices({ tokenStatus: 502 });
    await openDialog();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    expect(within(dialog()).getByText('Übernehmen der Einstellungen fehlgeschlagen.')).toBeVisible();
    expect(within(dialog()).queryByText('Einstellungen erfolgreich übernommen.')).toBeNull();
  });

  it('goes away, the focus on the page, when a refusal was because the login ended meanwhile', async () => {
    fakeServices();
    const main = document.body.appendChild(document.createElement('main'));
    try {
      await openDialog();
      // The session ran out meanwhile.
      const calls = fakeServices({ check: { status: 'UNAUTHORIZED' }, token: '{"status":"UNAUTHORIZED"}' });
      await act(async () => {
        within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }).focus();
        fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
      });
      await settle(8);
      expect(calls.some((url) => url.startsWith('/service/preview/api/token'))).toBe(true);
      expect(calls.some((url) => url.endsWith('/auth/checkauth'))).toBe(true);
      expect(screen.queryByRole('button', { name: 'Vorschau-Einstellungen' })).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(main).toHaveFocus();
    } finally {
      main.remove();
    }
  });

  it('asks the check again when the tab is shown again: other settings become the fields\', a logout in another tab hides it and the page previews no more', async () => {
    fakeServices();
    const changes = previewChanges();
    await renderPanel();
    expect(openButton()).toBeInTheDocument();
    fakeServices({ check: { status: 'SUCCESS', dateTime: '2027-12-10T08:00', abTestName: 'search', abTestGroup: 'new' } });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle(8);
    await act(async () => {
      fireEvent.click(openButton());
    });
    await settle(8);
    expect(within(dialog()).getByText(/2027-12-10 08:00/)).toBeVisible();
    expect(within(dialog()).getByLabelText('Datum')).toHaveValue('2027-12-10');
    expect(within(dialog()).getByLabelText('Uhrzeit')).toHaveValue('08:00');
    expect(testSelect()).toHaveValue('search');
    expect(groupSelect()).toHaveValue('new');
    expect(changes.count).toBe(0);
    fakeServices({ check: { status: 'UNAUTHORIZED' } });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle(8);
    expect(screen.queryByRole('button', { name: 'Vorschau-Einstellungen' })).not.toBeInTheDocument();
    expect(changes.count).toBe(1);
  });

  it('keeps the staff member\'s own edits in an open dialog when another tab\'s settings come in', async () => {
    fakeServices();
    await openDialog();
    fireEvent.change(within(dialog()).getByLabelText('Uhrzeit'), { target: { value: '19:45' } });
    fakeServices({ check: { status: 'SUCCESS', dateTime: '2027-12-10T08:00' } });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle(8);
    expect(within(dialog()).getByText(/2027-12-10 08:00/)).toBeVisible();
    expect(within(dialog()).getByLabelText('Uhrzeit')).toHaveValue('19:45');
  });

  it('an outcome belongs to its visit of the dialog: it goes when the dialog closes or the time changes', async () => {
    fakeServices();
    await openDialog();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    expect(within(dialog()).getByText('Einstellungen erfolgreich übernommen.')).toBeVisible();
    fireEvent.change(within(dialog()).getByLabelText('Uhrzeit'), { target: { value: '19:00' } });
    expect(within(dialog()).queryByText('Einstellungen erfolgreich übernommen.')).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    await act(async () => {
      fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    });
    await act(async () => {
      fireEvent.click(openButton());
    });
    await settle(8);
    expect(within(dialog()).queryByText('Einstellungen erfolgreich übernommen.')).not.toBeInTheDocument();
  });

  it('asks for the tests again when the date changes, and resets the group', async () => {
    const calls = fakeServices({ tests: (time) => (time.startsWith('2026-12-15') ? [] : TESTS) });
    await openDialog();
    fireEvent.change(within(dialog()).getByLabelText('Datum'), { target: { value: '2026-12-15' } });
    await settle(8);
    expect(calls).toContain('/service/abtestfrontend/api/v1/gettestsat?time=2026-12-15T10%3A30');
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Keine aktiven Tests für dieses Datum.');
    expect([...testSelect().options].map((option) => option.value)).toEqual(['', 'None']);
    expect(groupSelect()).toBeDisabled();
    // Back to a date with the chosen test: the test is still chosen, its group starts over.
    fireEvent.change(within(dialog()).getByLabelText('Datum'), { target: { value: '2026-11-26' } });
    await settle(8);
    expect(testSelect()).toHaveValue('checkout');
    expect(groupSelect()).toHaveValue('');
    expect(groupSelect()).toBeRequired();
  });

  it('asks for the tests again when only the time changes', async () => {
    const calls = fakeServices();
    await openDialog();
    fireEvent.change(within(dialog()).getByLabelText('Uhrzeit'), { target: { value: '19:00' } });
    await settle(8);
    expect(calls).toContain('/service/abtestfrontend/api/v1/gettestsat?time=2026-11-25T19%3A00');
  });

  it('says the settings failed when their answer does not come within 15 s; the button works again', async () => {
    jest.useFakeTimers({ now: NOW });
    fakeServices({ token: 'hang' });
    await openDialog();
    const apply = within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' });
    await act(async () => {
      fireEvent.click(apply);
    });
    await settle(6);
    expect(apply).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      jest.advanceTimersByTime(15_000);
    });
    await settle(6);
    expect(within(dialog()).getByText('Übernehmen der Einstellungen fehlgeschlagen.')).toBeVisible();
    expect(apply).not.toHaveAttribute('aria-busy', 'true');
  });

  it('frees the apply button when the list of tests does not come within 15 s: None can be applied', async () => {
    jest.useFakeTimers({ now: NOW });
    fakeServices({ tests: () => 'hang' });
    await openDialog();
    const apply = within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' });
    expect(apply).toBeDisabled();
    await act(async () => {
      jest.advanceTimersByTime(15_000);
    });
    await settle(6);
    expect(apply).toBeEnabled();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('A/B-Tests konnten nicht geladen werden.');
    expect([...testSelect().options].map((option) => option.value)).toEqual(['', 'None']);
  });

  it('offers only None when the tests cannot be fetched', async () => {
    fakeServices({ tests: () => 'fail' });
    await openDialog();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('A/B-Tests konnten nicht geladen werden.');
    // Shown as an error, not as a plain note.
    expect(within(dialog()).getByRole('status')).toHaveClass('spv-list--error');
    expect([...testSelect().options].map((option) => option.value)).toEqual(['', 'None']);
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    fakeServices();
    await openDialog();
    await act(async () => {
      fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(openButton()).toHaveFocus();
  });

  it('closes on a click outside (on the backdrop)', async () => {
    fakeServices();
    await openDialog();
    await act(async () => {
      fireEvent.pointerDown(dialog());
      fireEvent.click(dialog());
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('logs out: the panel goes away, the promotions are told', async () => {
    const calls = fakeServices();
    const changes = previewChanges();
    await openDialog();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Abmelden' }));
    });
    await settle(6);
    expect(calls).toContain('/service/preview/api/auth/logout');
    // With the page's csrf cookie repeated, as the service wants it.
    expect(logoutHeaders).toEqual([{ 'x-csrf-token': '0123456789abcdef0123456789abcdef' }]);
    expect(changes.count).toBe(1);
    expect(screen.queryByRole('button', { name: 'Vorschau-Einstellungen' })).not.toBeInTheDocument();
  });

  it('stays when the logout is refused: nothing is claimed, the check is asked again', async () => {
    const calls = fakeServices();
    const changes = previewChanges();
    logoutStatus = 403;
    try {
      await openDialog();
      const checks = calls.filter((url) => url.endsWith('/auth/checkauth')).length;
      await act(async () => {
        fireEvent.click(within(dialog()).getByRole('button', { name: 'Abmelden' }));
      });
      await settle(6);
      expect(changes.count).toBe(0);
      expect(screen.getByRole('button', { name: 'Vorschau-Einstellungen' })).toBeInTheDocument();
      expect(calls.filter((url) => url.endsWith('/auth/checkauth')).length).toBe(checks + 1);
    } finally {
      logoutStatus = 204;
    }
  });

  it("asks every call with the staff member's cookies, never from the cache: check, renewal, tests, settings, logout", async () => {
    const calls = fakeServices();
    await openDialog();
    fireEvent.change(testSelect(), { target: { value: 'None' } });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Abmelden' }));
    });
    await settle(6);
    const asked = (global.fetch as jest.Mock).mock.calls as [RequestInfo | URL, RequestInit?][];
    for (const path of ['/auth/checkauth', '/auth/login/renew', '/gettestsat?time=', '/service/preview/api/token', '/auth/logout']) {
      expect(calls.some((url) => url.includes(path))).toBe(true);
    }
    expect(asked).toHaveLength(calls.length);
    for (const [input, init] of asked) {
      // The url in the compared object names the call that fails.
      expect({ url: String(input), ...init }).toMatchObject({ url: String(input), credentials: 'include', cache: 'no-store' });
    }
  });

  it("logs out with the keyboard: the focus goes to the page's main content, not to the page's body", async () => {
    fakeServices();
    const main = document.createElement('main');
    main.textContent = 'Angebote';
    document.body.prepend(main);
    afterCleanup.push(() => main.remove());
    await openDialog();
    const logout = within(dialog()).getByRole('button', { name: 'Abmelden' });
    await act(async () => {
      logout.focus();
      fireEvent.click(logout);
    });
    await settle(6);
    expect(screen.queryByRole('button', { name: 'Vorschau-Einstellungen' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

/**
 * The list's live region (WAI-ARIA live region practice): heard are only the outcomes of a load
 * (found, none active, failed), and only when the outcome changed; the loading step is seen, not
 * heard. Each ArrowUp in the time field is a change of the time, so a new load.
 */
describe("the list's live region", () => {
  const LOADING = 'Tests werden geladen …';
  const FOUND = 'Aktive Tests gefunden.';
  const NONE_ACTIVE = 'Keine aktiven Tests für dieses Datum.';
  const FAILED = 'A/B-Tests konnten nicht geladen werden.';

  const region = () => within(dialog()).getByRole('status');
  const timeField = () => within(dialog()).getByLabelText('Uhrzeit');
  /** The visible loading line, if it shows. */
  const loadingLine = () => within(dialog()).queryByText(LOADING);

  /** Every change made to the region's content (text or nodes, not its class), as it happens. */
  function changesOf(element: HTMLElement): { texts: string[]; count(): number } {
    const texts: string[] = [];
    let records = 0;
    const observer = new MutationObserver((batch) => {
      records += batch.length;
      texts.push(element.textContent ?? '');
    });
    observer.observe(element, { childList: true, characterData: true, subtree: true });
    afterCleanup.push(() => observer.disconnect());
    return {
      texts,
      count: () => records + observer.takeRecords().length,
    };
  }

  /** Changes the time as an ArrowUp would: the load starts, and its answer is not in yet. */
  function changeTime(value: string) {
    fireEvent.change(timeField(), { target: { value } });
  }

  it('says nothing new when the time changes three times with the same answer: no loading text in it, not the same outcome again', async () => {
    const calls = fakeServices();
    await openDialog();
    const status = region();
    expect(status).toHaveTextContent(FOUND);
    const changes = changesOf(status);
    for (const time of ['10:31', '10:32', '10:33']) {
      changeTime(time);
      // Loading: seen on the line, not in the region, which keeps its outcome.
      expect(loadingLine()).toBeInTheDocument();
      expect(status).not.toContainElement(loadingLine());
      expect(loadingLine()).toHaveAttribute('aria-hidden', 'true');
      expect(status).toHaveTextContent(FOUND);
      expect(status).not.toHaveTextContent(LOADING);
      expect(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' })).toBeDisabled();
      await settle(8);
      expect(calls).toContain(`/service/abtestfrontend/api/v1/gettestsat?time=2026-11-25T${encodeURIComponent(time)}`);
      expect(loadingLine()).not.toBeInTheDocument();
      // The same element, the same words: nothing for a screen reader to announce.
      expect(region()).toBe(status);
      expect(status).toHaveTextContent(FOUND);
    }
    expect(changes.count()).toBe(0);
    expect(changes.texts).toEqual([]);
    // The list itself is back as it was.
    expect([...testSelect().options].map((option) => option.value)).toEqual(['', 'None', 'checkout', 'search']);
    expect(testSelect()).toHaveValue('checkout');
  });

  it('announces a changed outcome: tests found, then none active, then failed, then found again', async () => {
    fakeServices({ tests: (time) => (time.endsWith('T22:00') || time.endsWith('T22:01') ? [] : time.endsWith('T23:00') ? 'fail' : TESTS) });
    await openDialog();
    const status = region();
    const changes = changesOf(status);

    changeTime('22:00');
    // While it loads the region still holds the last outcome.
    expect(status).toHaveTextContent(FOUND);
    await settle(8);
    expect(region()).toBe(status);
    expect(status).toHaveTextContent(NONE_ACTIVE);
    expect(status).not.toHaveClass('spv-list--error');
    expect(changes.texts).toEqual([NONE_ACTIVE]);

    // Another time with the same outcome: not said again.
    changeTime('22:01');
    await settle(8);
    expect(status).toHaveTextContent(NONE_ACTIVE);
    expect(changes.texts).toEqual([NONE_ACTIVE]);

    changeTime('23:00');
    await settle(8);
    expect(status).toHaveTextContent(FAILED);
    expect(status).toHaveClass('spv-list--error');

    changeTime('10:30');
    await settle(8);
    expect(status).toHaveTextContent(FOUND);
    expect(status).not.toHaveClass('spv-list--error');
    // Each outcome once, in order; the loading step never.
    expect(changes.texts).toEqual([NONE_ACTIVE, FAILED, FOUND]);
  });

  it('says nothing while the first load runs, then its outcome once', async () => {
    fakeServices();
    await renderPanel();
    fireEvent.click(openButton());
    // Seen: the loading line. Heard: nothing yet.
    expect(loadingLine()).toBeInTheDocument();
    expect(region()).toHaveTextContent(/^$/);
    const status = region();
    const changes = changesOf(status);
    await settle(8);
    expect(loadingLine()).not.toBeInTheDocument();
    expect(status).toHaveTextContent(FOUND);
    expect(changes.texts).toEqual([FOUND]);
  });

  it('opened again on the same outcome, the region comes back holding it: nothing new to announce', async () => {
    fakeServices();
    await openDialog();
    await act(async () => {
      fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(openButton());
    // The tests are asked again; the region holds the outcome from the start, not the loading text.
    expect(loadingLine()).toBeInTheDocument();
    const status = region();
    expect(status).toHaveTextContent(FOUND);
    const changes = changesOf(status);
    await settle(8);
    expect(status).toHaveTextContent(FOUND);
    expect(changes.count()).toBe(0);
  });
});

describe('when things change meanwhile', () => {
  const checksIn = (calls: string[]) => calls.filter((url) => url.endsWith('/auth/checkauth')).length;

  it('stays when the check cannot be made after the tab is shown again: only an answer that the login ended hides it', async () => {
    fakeServices();
    const changes = previewChanges();
    await renderPanel();
    const calls = fakeServices();
    const answering = global.fetch;
    // The network is gone for the check: no answer, not an answer that the login ended.
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/auth/checkauth') ? (calls.push(String(input)), Promise.reject(new TypeError('Failed to fetch'))) : answering(input, init),
    ) as typeof fetch;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle(8);
    expect(checksIn(calls)).toBe(1);
    expect(openButton()).toBeVisible();
    expect(changes.count).toBe(0);
  });

  it('asks the check again only when the tab is shown, not when it is hidden', async () => {
    const calls = fakeServices();
    await renderPanel();
    expect(checksIn(calls)).toBe(1);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      await act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await settle(8);
      expect(checksIn(calls)).toBe(1);
    } finally {
      delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
    }
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle(8);
    expect(checksIn(calls)).toBe(2);
  });

  it('leaves the focus where the page has it when the login ended in another tab', async () => {
    fakeServices();
    const main = document.createElement('main');
    main.textContent = 'Angebote';
    document.body.prepend(main);
    const search = document.body.appendChild(document.createElement('input'));
    search.setAttribute('aria-label', 'Suche');
    afterCleanup.push(() => {
      main.remove();
      search.remove();
    });
    await renderPanel();
    search.focus();
    fakeServices({ check: { status: 'UNAUTHORIZED' } });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle(8);
    expect(screen.queryByRole('button', { name: 'Vorschau-Einstellungen' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Suche' })).toHaveFocus();
  });

  it('renews the login no more once the staff member has logged out', async () => {
    jest.useFakeTimers();
    const calls = fakeServices();
    await openDialog();
    const renewals = () => calls.filter((url) => url.endsWith('/auth/login/renew')).length;
    expect(renewals()).toBe(1);
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Abmelden' }));
    });
    await settle(6);
    expect(screen.queryByRole('button', { name: 'Vorschau-Einstellungen' })).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(3 * 300_000);
    });
    expect(renewals()).toBe(1);
  });

  it('takes back its "choose a group" message once a group is picked', async () => {
    fakeServices();
    await openDialog();
    fireEvent.change(testSelect(), { target: { value: 'search' } });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    expect(within(dialog()).getByText('Bitte wähle auch eine A/B-Testgruppe aus!')).toBeVisible();
    fireEvent.change(groupSelect(), { target: { value: 'old' } });
    expect(within(dialog()).queryByText('Bitte wähle auch eine A/B-Testgruppe aus!')).not.toBeInTheDocument();
    expect(groupSelect()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows None as the test when the settings in force have no test', async () => {
    fakeServices({ check: { status: 'SUCCESS', dateTime: '2026-11-25T10:30' } });
    await openDialog();
    expect(testSelect()).toHaveValue('None');
    expect(testSelect().selectedOptions[0]).toHaveTextContent('Keiner');
    expect(groupSelect()).toBeDisabled();
  });

  it('does not show a group in force that its test no longer has as chosen: the field asks for one', async () => {
    fakeServices({ check: { status: 'SUCCESS', dateTime: '2026-11-25T10:30', abTestName: 'checkout', abTestGroup: 'C' } });
    await openDialog();
    expect(testSelect()).toHaveValue('checkout');
    expect(groupSelect()).toHaveValue('');
    expect(groupSelect()).toBeRequired();
  });

  it('refuses to apply a group in force that its test no longer has, as the field shows none, and sends nothing', async () => {
    const calls = fakeServices({ check: { status: 'SUCCESS', dateTime: '2026-11-25T10:30', abTestName: 'checkout', abTestGroup: 'C' } });
    await openDialog();
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    expect(within(dialog()).getByText('Bitte wähle auch eine A/B-Testgruppe aus!')).toBeVisible();
    expect(groupSelect()).toHaveFocus();
    expect(calls.some((url) => url.startsWith('/service/preview/api/token'))).toBe(false);
    // One of the test's groups chosen, that one is applied.
    fireEvent.change(groupSelect(), { target: { value: 'A' } });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }));
    });
    await settle(6);
    expect(calls).toContain('/service/preview/api/token?test=checkout&group=A&dateTime=2026-11-25T10%3A30');
  });

  it('shows the tests of the time chosen last, even when an earlier time answers after it', async () => {
    const calls = fakeServices({ tests: (time) => (time.endsWith('T22:00') ? [] : TESTS) });
    const answering = global.fetch;
    let answerLate: (() => void) | undefined;
    // The answer for 22:00 (no active tests) comes only after the one for 10:45.
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('time=2026-11-25T22%3A00')) return answering(input, init);
      return new Promise<Response>((resolve) => {
        answerLate = () => resolve(answering(input, init));
      });
    }) as typeof fetch;
    await openDialog();
    fireEvent.change(within(dialog()).getByLabelText('Uhrzeit'), { target: { value: '22:00' } });
    await settle(4);
    fireEvent.change(within(dialog()).getByLabelText('Uhrzeit'), { target: { value: '10:45' } });
    await settle(8);
    expect(calls).toContain('/service/abtestfrontend/api/v1/gettestsat?time=2026-11-25T10%3A45');
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Aktive Tests gefunden.');
    await act(async () => answerLate?.());
    await settle(8);
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Aktive Tests gefunden.');
    expect([...testSelect().options].map((option) => option.value)).toEqual(['', 'None', 'checkout', 'search']);
  });
});

/**
 * Staff preview every site: the panel speaks the language of the staff member's browser when it
 * has texts for it (the nine locales and English, the spec's wording), else the site's.
 */
describe("the staff member's language", () => {
  function browserLanguages(languages: string[]) {
    Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
    afterCleanup.push(() => Object.defineProperty(navigator, 'languages', { value: ['de-DE', 'de'], configurable: true }));
  }

  it('is found by its whole tag or by its language, the first the panel has texts for', () => {
    expect(staffLocale(['en-GB', 'de'])).toBe('en');
    expect(staffLocale(['ja', 'fr-FR'])).toBe('fr-CH');
    expect(staffLocale(['de-CH'])).toBe('de-CH');
    expect(staffLocale(['DE'])).toBe('de-DE');
    expect(staffLocale(['cs'])).toBe('cs-CZ');
    expect(staffLocale(['ja', 'zh-TW'])).toBeUndefined();
    expect(staffLocale([])).toBeUndefined();
  });

  it("an English browser gets the spec's English on a German site, its part marked as English", async () => {
    browserLanguages(['en-US', 'en']);
    fakeServices();
    await renderPanel({ site: 'DE' });
    const open = screen.getByRole('button', { name: 'Preview settings' });
    expect(open.closest('[lang]')).toHaveAttribute('lang', 'en');
    await act(async () => {
      open.focus();
      fireEvent.click(open);
    });
    await settle(8);
    const englishDialog = screen.getByRole('dialog', { name: 'Preview settings' });
    expect(within(englishDialog).getByText('Active tests found.')).toBeInTheDocument();
    fireEvent.change(within(englishDialog).getByRole('combobox', { name: 'A/B test' }), { target: { value: 'checkout' } });
    await act(async () => {
      fireEvent.click(within(englishDialog).getByRole('button', { name: 'Set preview settings' }));
    });
    await settle(6);
    expect(within(englishDialog).getByText('Please also select an A/B test group!')).toBeVisible();
    expect(within(englishDialog).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("a German browser gets German on the Turkish site; a language the panel lacks gets the site's", async () => {
    fakeServices();
    const german = await renderPanel({ site: 'TR' });
    expect(screen.getByRole('button', { name: 'Vorschau-Einstellungen' }).closest('[lang]')).toHaveAttribute('lang', 'de-DE');
    german.unmount();

    browserLanguages(['ja-JP']);
    await renderPanel({ site: 'TR' });
    const open = screen.getByRole('button', { name: previewTexts.loaded('tr-TR')!['preview.open'] });
    expect(open.closest('.spv-root')).not.toHaveAttribute('lang');
  });
});
