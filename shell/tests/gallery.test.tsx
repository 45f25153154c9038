/**
 * The design system's gallery (`/design-system`) as the owner of its samples: closing a banner
 * puts the focus on the button that shows the banners again (the banner leaves focus to its
 * owner), showing them again puts it on the section's heading; the focus is never dropped to
 * `<body>`. The "button as a link" sample is a working link to the page site's cart page (an
 * address the core's `safeUrl` accepts), not an inert `<a>`.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ready, type Core } from '@shop/core';
import { Gallery } from '../src/designSystem/Gallery';

let core: Core;
beforeAll(async () => {
  core = await ready();
});
beforeEach(() => window.history.replaceState(null, '', '/design-system'));

function banners(): HTMLElement {
  return screen.getByRole('region', { name: 'Hinweise' });
}

it('closing a banner moves the focus to “show the banners again”, and showing them to the section', async () => {
  render(<Gallery core={core} pageSite="DE" basePath="" />);
  const section = banners();
  const closeButtons = within(section).getAllByRole('button', { name: 'Hinweis schließen' });
  expect(closeButtons).toHaveLength(4);

  closeButtons[0].focus();
  await act(async () => fireEvent.click(closeButtons[0]));
  const reshow = within(section).getByRole('button', { name: 'Hinweise wieder zeigen' });
  expect(document.activeElement).toBe(reshow);

  // Another one closes: the focus is on the same button again.
  const second = within(section).getAllByRole('button', { name: 'Hinweis schließen' })[0];
  second.focus();
  await act(async () => fireEvent.click(second));
  expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Hinweise wieder zeigen' }));

  // Showing them again removes that button: the focus goes to the section's heading.
  await act(async () => fireEvent.click(document.activeElement as HTMLElement));
  expect(within(section).getAllByRole('button', { name: 'Hinweis schließen' })).toHaveLength(4);
  expect(within(section).queryByRole('button', { name: 'Hinweise wieder zeigen' })).toBeNull();
  const heading = within(section).getByRole('heading', { level: 2, name: 'Hinweise' });
  expect(document.activeElement).toBe(heading);
  // Reachable by script, not an extra Tab stop.
  expect(heading.tabIndex).toBe(-1);
});

it('the “button as a link” sample links to the cart page of the page’s site', () => {
  const { unmount } = render(<Gallery core={core} pageSite="DE" basePath="" />);
  const link = within(screen.getByRole('region', { name: 'Buttons' })).getByRole('link', { name: 'Zum Warenkorb' });
  expect(link).toHaveAttribute('href', '/cart?step=shopping_cart');
  expect(link).not.toHaveAttribute('aria-disabled');
  expect(link).toHaveClass('sui-button');
  unmount();

  // On another site's page, that site's cart (a page links only inside its site).
  render(<Gallery core={core} pageSite="AT" basePath="/at" />);
  expect(within(screen.getByRole('region', { name: 'Buttons' })).getByRole('link', { name: 'Zum Warenkorb' })).toHaveAttribute(
    'href',
    '/at/cart?step=shopping_cart',
  );
});
