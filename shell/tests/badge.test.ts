/**
 * The static header's cart link follows the mini cart's item-count event: the badge shows the
 * core's badge text and the link's name says the count in the site's language, one article in
 * the singular. The core and the texts are the real build.
 */
import { followItemCount } from '../src/badge';
import type { Site } from '@shop/core';
import { shellConfig } from './shellConfig';

let stop: (() => void) | undefined;
afterEach(() => stop?.());


function staticHeader() {
  document.body.innerHTML =
    '<a id="shell-cart" href="/cart" aria-label="Panier"><span id="shell-cart-badge" hidden></span></a>';
  return document.getElementById('shell-cart') as HTMLElement;
}

async function announce(count: number) {
  document.dispatchEvent(new CustomEvent('cartItemCountChanged', { detail: { itemCount: count } }));
  // The core and the texts load once; later counts are quicker.
  for (let round = 0; round < 50; round++) await new Promise((resolve) => setTimeout(resolve, 0));
}

test.each<[Site, string, string, string]>([
  ['CH_FR', 'Panier', 'Panier, 1 article', 'Panier, 3 articles'],
  ['DE', 'Warenkorb', 'Warenkorb, 1 Artikel', 'Warenkorb, 3 Artikel'],
])('on %s the link is named "%s", "%s", "%s" as the count goes 0, 1, 3', async (site, none, one, three) => {
  const link = staticHeader();
  stop = followItemCount(shellConfig(site));
  await announce(1);
  expect(link).toHaveAttribute('aria-label', one);
  expect(document.getElementById('shell-cart-badge')).toHaveTextContent('1');
  await announce(3);
  expect(link).toHaveAttribute('aria-label', three);
  await announce(0);
  expect(link).toHaveAttribute('aria-label', none);
  expect(document.getElementById('shell-cart-badge')).not.toBeVisible();
});

test('keeps the latest count on the badge, for the header fragment to start from however late it comes', async () => {
  staticHeader();
  stop = followItemCount(shellConfig('DE'));
  await announce(7);
  expect(document.getElementById('shell-cart-badge')).toHaveAttribute('data-item-count', '7');
  await announce(0);
  expect(document.getElementById('shell-cart-badge')).toHaveAttribute('data-item-count', '0');
});

test('texts that do not come leave the link as it was, and say so, without an error nobody handles', async () => {
  const link = staticHeader();
  const texts = jest.spyOn(require('../src/core') as typeof import('../src/core'), 'loadTexts').mockRejectedValue(new Error('Loading chunk 747 failed'));
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    stop = followItemCount(shellConfig('DE'));
    await announce(2);
    expect(link).toHaveAttribute('aria-label', 'Panier');
    expect(warn).toHaveBeenCalledWith('[shell] the cart link could not follow the count', expect.objectContaining({ message: 'Loading chunk 747 failed' }));
  } finally {
    texts.mockRestore();
    warn.mockRestore();
  }
});
