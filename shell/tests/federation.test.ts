/**
 * A fragment is handed over only once its stylesheets are in: Module Federation puts an expose's
 * CSS into the page as `<link>`s, and webpack's CSS loading, finding them there, does not wait.
 * A fragment whose stylesheet failed, or did not come within the fragment's time limit, is not
 * handed over at all: its slot keeps the static part.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadFragment, registerFragments } from '../src/federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const HEADER_BASE = 'https://fragments.example/header/';

function stylesheet(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
  return link;
}

/** Whether the promise has settled once pending work has run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  return settled;
}

beforeAll(() => {
  registerFragments([{ name: 'header', manifest: `${HEADER_BASE}mf-manifest.json` }]);
});

afterEach(() => {
  document.head.replaceChildren();
  jest.useRealTimers();
});

test("a fragment whose stylesheet is still loading comes once the stylesheet has loaded", async () => {
  const module = { default: 'Header' };
  const link = stylesheet(`${HEADER_BASE}__federation_expose_Header.css`);
  jest.mocked(loadRemote).mockResolvedValue(module);
  const loading = loadFragment('header/Header');
  await expect(isSettled(loading)).resolves.toBe(false);
  link.dispatchEvent(new Event('load'));
  await expect(loading).resolves.toBe(module);
});

test('a fragment whose stylesheet failed is not handed over: the slot keeps its static part', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const module = { default: 'Header' };
  const link = stylesheet(`${HEADER_BASE}__federation_expose_Header.css`);
  jest.mocked(loadRemote).mockResolvedValue(module);
  const loading = loadFragment('header/Header');
  link.dispatchEvent(new Event('error', { bubbles: false }));
  await expect(loading).resolves.toBeUndefined();
  // Asked for again (another slot of the same remote), it is known to have failed.
  await expect(loadFragment('header/Header')).resolves.toBeUndefined();
  expect(warn).toHaveBeenCalledWith('[shell] fragment header/Header: its stylesheet did not load');
  warn.mockRestore();
});

test('a stylesheet that comes late brings its fragment late; one that never comes, never (the time limit)', async () => {
  jest.useFakeTimers();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const module = { default: 'Header' };
  const late = stylesheet(`${HEADER_BASE}__federation_expose_Header.css`);
  jest.mocked(loadRemote).mockResolvedValue(module);
  const loading = loadFragment('header/Header', 8_000);
  await jest.advanceTimersByTimeAsync(5_000);
  await expect(isSettled(loading)).resolves.toBe(false);
  late.dispatchEvent(new Event('load'));
  await expect(loading).resolves.toBe(module);

  document.head.replaceChildren();
  stylesheet(`${HEADER_BASE}__federation_expose_Footer.css`);
  const never = loadFragment('header/Header', 8_000);
  await jest.advanceTimersByTimeAsync(7_999);
  await expect(isSettled(never)).resolves.toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  await expect(never).resolves.toBeUndefined();
  warn.mockRestore();
});

test("another origin's stylesheets (the page's own, a consent manager's) are not waited for", async () => {
  const module = { default: 'Header' };
  stylesheet('https://shop.example/service/consent/cmp.css');
  jest.mocked(loadRemote).mockResolvedValue(module);
  await expect(loadFragment('header/Header')).resolves.toBe(module);
});
