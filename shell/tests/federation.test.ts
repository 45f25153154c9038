/**
 * A fragment is handed over only once its stylesheets are in: Module Federation puts an expose's
 * CSS into the page as `<link>`s, and webpack's CSS loading, finding them there, does not wait.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadFragment, registerFragments, STYLESHEET_WAIT_MS } from '../src/federation';

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

test('a stylesheet that failed does not hold the fragment back', async () => {
  jest.useFakeTimers();
  const module = { default: 'Header' };
  const link = stylesheet(`${HEADER_BASE}__federation_expose_Header.css`);
  jest.mocked(loadRemote).mockResolvedValue(module);
  const loading = loadFragment('header/Header');
  link.dispatchEvent(new Event('error'));
  // No timer runs: the failure is known.
  await expect(isSettled(loading)).resolves.toBe(true);
  await expect(loading).resolves.toBe(module);
});

test('a stylesheet that never answers holds the fragment back only so long', async () => {
  jest.useFakeTimers();
  const module = { default: 'Header' };
  stylesheet(`${HEADER_BASE}__federation_expose_Header.css`);
  jest.mocked(loadRemote).mockResolvedValue(module);
  const loading = loadFragment('header/Header');
  await jest.advanceTimersByTimeAsync(STYLESHEET_WAIT_MS - 1);
  await expect(isSettled(loading)).resolves.toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  await expect(loading).resolves.toBe(module);
});

test("another origin's stylesheets (the page's own, a consent manager's) are not waited for", async () => {
  const module = { default: 'Header' };
  stylesheet('https://shop.example/service/consent/cmp.css');
  jest.mocked(loadRemote).mockResolvedValue(module);
  await expect(loadFragment('header/Header')).resolves.toBe(module);
});
