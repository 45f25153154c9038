/**
 * A page brought back from the back/forward cache (Safari keeps the shop's pages there despite
 * `no-store`) is loaded again, so the shopper never sees the cart, the flyouts and the search
 * term of before (ADR 0023, update); an ordinary page show loads nothing.
 */
import { reloadWhenRestored } from '../src/restored';

function aWindow() {
  const target = new EventTarget();
  const reload = jest.fn();
  const win = { addEventListener: target.addEventListener.bind(target), location: { reload } } as unknown as Window;
  const show = (persisted: boolean) => {
    const event = new Event('pageshow');
    Object.defineProperty(event, 'persisted', { value: persisted });
    target.dispatchEvent(event);
  };
  return { win, reload, show };
}

test('a page restored from the back/forward cache is loaded again', () => {
  const { win, reload, show } = aWindow();
  reloadWhenRestored(win);
  show(true);
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a page shown as it loads is not loaded again', () => {
  const { win, reload, show } = aWindow();
  reloadWhenRestored(win);
  show(false);
  expect(reload).not.toHaveBeenCalled();
});
