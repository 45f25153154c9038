/**
 * The static header's cart preview toggle when the shell's own mini-cart chunk cannot be loaded
 * (the connection dropped): the click still goes to the cart page, however often, instead of
 * doing nothing for the rest of the page; once the connection is back, the next click loads
 * the chunk again and opens the mini cart.
 */
import { enhanceCartButton } from '../src/cartButton';
import { shellConfig } from './shellConfig';

let mockChunkArrives = false;
const mockSetOpen = jest.fn();
jest.mock('../src/miniCartSlot', () => {
  if (!mockChunkArrives) throw new Error('Loading chunk 566 failed');
  return { mountMiniCart: jest.fn(() => Promise.resolve({ setOpen: mockSetOpen, failed: false })) };
});

const config = shellConfig('AT');

async function settle() {
  for (let round = 0; round < 10; round++) await Promise.resolve();
}

/** The static header with its cart link and toggle; `went` collects where the link would go. */
function staticHeader() {
  document.body.innerHTML = `
    <header><a id="shell-cart" href="/at/cart">Warenkorb</a>
    <button id="shell-cart-preview" type="button" aria-expanded="false" hidden>Vorschau</button>
    <div id="shell-minicart"></div></header>`;
  const went: string[] = [];
  const link = document.getElementById('shell-cart') as HTMLAnchorElement;
  link.addEventListener('click', (event) => {
    went.push(link.href);
    // The page would go there; jsdom cannot navigate.
    event.preventDefault();
  });
  enhanceCartButton(config);
  const toggle = document.getElementById('shell-cart-preview') as HTMLButtonElement;
  return { went, toggle };
}

test('every click goes to the cart page', async () => {
  const { went, toggle } = staticHeader();
  toggle.dispatchEvent(new Event('pointerenter'));
  for (const _ of [1, 2]) {
    toggle.click();
    await settle();
  }
  expect(went).toEqual(['http://localhost/at/cart', 'http://localhost/at/cart']);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

// (After the test above: a chunk that has arrived stays in the module registry.)
test('a chunk that failed once is loaded again on the next click: the mini cart opens', async () => {
  const { went, toggle } = staticHeader();
  toggle.click();
  await settle();
  expect(went).toEqual(['http://localhost/at/cart']);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The connection is back.
  mockChunkArrives = true;
  toggle.click();
  await settle();
  expect(went).toEqual(['http://localhost/at/cart']);
  expect(mockSetOpen).toHaveBeenCalledWith(true);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
});
