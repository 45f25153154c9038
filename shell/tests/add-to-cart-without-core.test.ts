/**
 * A product tile's add-to-cart when the core or the texts cannot be loaded (the connection
 * dropped, the .wasm failed): nothing is sent in the background without a way to tell its
 * outcome; the tile's form is submitted as it is without scripts (ADR 0016), and the server's
 * page says what happened.
 */
import { enhanceAddToCart } from '../src/addToCart';
import { shellConfig } from './shellConfig';
import { LOAD_TIMEOUT_MS } from '@shop/ui';

/** How the core's load goes: it fails, or it never comes (a stalled .wasm). */
let mockCoreLoad: 'fails' | 'stalls' = 'fails';
jest.mock('../src/core', () => ({
  loadCore: () => (mockCoreLoad === 'fails' ? Promise.reject(new Error('Failed to fetch')) : new Promise(() => undefined)),
  loadTexts: () => Promise.reject(new Error('Failed to fetch')),
}));

const config = shellConfig('DE');

function tile(): void {
  document.body.innerHTML = `<ul><li class="shell-card"><form method="post" action="/cart/add">
    <input type="hidden" name="modification" value="{}"><button type="submit" data-add-to-cart="{}" data-title="Tasse">In den Warenkorb</button></form>
    <p class="shell-card__added" role="status"></p><p class="shell-card__error" role="alert"></p></li></ul>`;
}

// The page's buttons are enhanced once, as the shell does on load.
beforeAll(() => enhanceAddToCart(config));

/** A tile on the page, with `fetch` and the form's submission watched. */
function tileWatched() {
  tile();
  const fetchMock = jest.fn();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  const submitted: (HTMLElement | null | undefined)[] = [];
  jest.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (submitter) {
    submitted.push(submitter);
  });
  return { fetchMock, submitted };
}

test('the form goes to the server as without scripts, and no call is made in the background', async () => {
  const { fetchMock, submitted } = tileWatched();
  const button = document.querySelector('button') as HTMLButtonElement;
  button.click();
  for (let round = 0; round < 10; round++) await Promise.resolve();
  expect(fetchMock).not.toHaveBeenCalled();
  expect(submitted).toEqual([button]);
  expect(button).not.toHaveAttribute('aria-disabled');
});

test('a core that does not come within the load time limit counts as failed: the form goes', async () => {
  jest.useFakeTimers();
  mockCoreLoad = 'stalls';
  try {
    const { fetchMock, submitted } = tileWatched();
    const button = document.querySelector('button') as HTMLButtonElement;
    button.click();
    await jest.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS - 1);
    expect(submitted).toEqual([]);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await jest.advanceTimersByTimeAsync(1);
    expect(submitted).toEqual([button]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(button).not.toHaveAttribute('aria-disabled');
  } finally {
    mockCoreLoad = 'fails';
    jest.useRealTimers();
  }
});

test('offline, the form is not sent (it could only reach the browser\'s error page): the tile shows the page\'s words for it', async () => {
  const offline = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  config.offlineAddError = 'Der Warenkorb kann gerade nicht geändert werden.';
  try {
    const { fetchMock, submitted } = tileWatched();
    const button = document.querySelector('button') as HTMLButtonElement;
    button.click();
    for (let round = 0; round < 10; round++) await Promise.resolve();
    expect(submitted).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('.shell-card__error')?.textContent).toBe('Der Warenkorb kann gerade nicht geändert werden.');
    expect(button).not.toHaveAttribute('aria-disabled');
  } finally {
    offline.mockRestore();
    delete config.offlineAddError;
  }
});
