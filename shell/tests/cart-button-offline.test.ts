/**
 * The static header's cart preview toggle when the shell's own mini-cart chunk cannot be loaded
 * (the connection dropped): the click still goes to the cart page, however often, instead of
 * doing nothing for the rest of the page.
 */
import { enhanceCartButton } from '../src/cartButton';
import { shellConfig } from './shellConfig';

jest.mock('../src/miniCartSlot', () => {
  throw new Error('Loading chunk 566 failed');
});

const config = shellConfig('AT');

test('every click goes to the cart page', async () => {
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
  toggle.dispatchEvent(new Event('pointerenter'));
  for (const _ of [1, 2]) {
    toggle.click();
    for (let round = 0; round < 10; round++) await Promise.resolve();
  }
  expect(went).toEqual(['http://localhost/at/cart', 'http://localhost/at/cart']);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
