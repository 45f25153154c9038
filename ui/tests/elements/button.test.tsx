/**
 * Button: type, variants, link buttons, the loading state (ignores clicks, busy, keeps its name)
 * and the ripple's minimum display time (spec section 9: 250 ms).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { Button } from '@shop/ui';
import { loadCore, pressKey, renderUi } from './helpers';

const LOADING = 'Bitte warten …';

beforeAll(loadCore);

describe('Button', () => {
  it('is a primary button of type "button": clicking calls onClick and does not submit its form', () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderUi(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Anmelden</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Anmelden' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('sui-button', 'sui-button--primary');

    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits its form with type "submit", and is secondary when asked', () => {
    const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderUi(
      <form onSubmit={onSubmit}>
        <Button type="submit" variant="secondary">
          Senden
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Senden' });
    expect(button).toHaveClass('sui-button--secondary');
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard (Enter and Space)', () => {
    const onClick = jest.fn();
    renderUi(<Button onClick={onClick}>Anmelden</Button>);
    const button = screen.getByRole('button', { name: 'Anmelden' });
    pressKey(button, 'Enter');
    pressKey(button, ' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks while disabled', () => {
    const onClick = jest.fn();
    renderUi(
      <Button disabled onClick={onClick}>
        Anmelden
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Anmelden' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

test('a precise accessible name may replace the visible label (one "Entfernen" per cart line)', () => {
  renderUi(<Button aria-label="Kaffee entfernen">Entfernen</Button>);
  expect(screen.getByRole('button', { name: 'Kaffee entfernen' })).toHaveTextContent('Entfernen');
});

describe('loading', () => {
  it('ignores clicks and keys, is aria-busy, stays focusable and keeps its label in its name', () => {
    const onClick = jest.fn();
    renderUi(
      <Button loading onClick={onClick}>
        Anmelden
      </Button>,
    );
    const button = screen.getByRole('button', { name: `Anmelden ${LOADING}` });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // Not `disabled`: focus stays on it while the request runs.
    expect(button).toBeEnabled();

    fireEvent.click(button);
    pressKey(button, 'Enter');
    pressKey(button, ' ');
    expect(onClick).not.toHaveBeenCalled();

    // The label stays in place (it keeps the width), the spinner is decorative.
    expect(button.querySelector('.sui-button__label')).toHaveTextContent('Anmelden');
    expect(button.querySelector('.sui-button__spinner')).toHaveAttribute('aria-hidden', 'true');
    expect(button).toHaveClass('sui-button--loading');
  });

  it('does not submit its form while loading, and clicks count again once loading ends', () => {
    const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { rerender } = renderUi(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading>
          Anmelden
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: `Anmelden ${LOADING}` }));
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(
      <form onSubmit={onSubmit}>
        <Button type="submit">Anmelden</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Anmelden' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.querySelector('.sui-button__spinner')).toBeNull();
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('link button', () => {
  it('renders a link styled as a button', () => {
    const onClick = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderUi(
      <Button href="/cart" variant="secondary" onClick={onClick}>
        Zum Warenkorb
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Zum Warenkorb' });
    expect(link).toHaveAttribute('href', '/cart');
    expect(link).toHaveClass('sui-button', 'sui-button--secondary');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is no link at all for an unsafe URL', () => {
    renderUi(<Button href="javascript:alert(1)">Zum Warenkorb</Button>);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const element = screen.getByText('Zum Warenkorb').closest('a');
    expect(element).not.toHaveAttribute('href');
    expect(element).toHaveAttribute('aria-disabled', 'true');
  });

  it('while loading neither navigates nor calls onClick', () => {
    const onClick = jest.fn();
    renderUi(
      <Button href="/cart" loading onClick={onClick}>
        Zum Warenkorb
      </Button>,
    );
    const element = screen.getByText('Zum Warenkorb').closest('a') as HTMLAnchorElement;
    expect(element).not.toHaveAttribute('href');
    expect(element).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(element);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('ripple', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const ripples = (button: HTMLElement) => button.querySelectorAll('.sui-ripple');

  /** A button 100 × 40 px whose left edge is at x = 10, top at y = 0. */
  function placedButton(props: { loading?: boolean; disabled?: boolean } = {}) {
    const utils = renderUi(<Button {...props}>Anmelden</Button>);
    const button = screen.getByText('Anmelden').closest('button') as HTMLButtonElement;
    button.getBoundingClientRect = () =>
      ({ left: 10, top: 0, width: 100, height: 40, right: 110, bottom: 40, x: 10, y: 0 }) as DOMRect;
    return { ...utils, button };
  }

  const advance = (ms: number) =>
    act(() => {
      jest.advanceTimersByTime(ms);
    });

  it('appears at the pointer and stays 250 ms after a quick click: present at 249 ms, gone at 250 ms', () => {
    const { button } = placedButton();
    expect(ripples(button)).toHaveLength(0);

    fireEvent.pointerDown(button, { button: 0, clientX: 30, clientY: 10 });
    expect(ripples(button)).toHaveLength(1);
    const ripple = ripples(button)[0] as HTMLElement;
    expect(ripple).toHaveAttribute('aria-hidden', 'true');
    // Centred on the pointer: 20 px from the left, 10 px from the top of the button.
    const size = parseFloat(ripple.style.width);
    expect(size).toBeGreaterThan(0);
    expect(parseFloat(ripple.style.left) + size / 2).toBeCloseTo(20);
    expect(parseFloat(ripple.style.top) + size / 2).toBeCloseTo(10);
    // Its animation lasts the core's minimum too.
    expect(ripple.style.getPropertyValue('--sui-ripple-duration')).toBe('250ms');

    advance(40);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    advance(209); // 249 ms after pointer down
    expect(ripples(button)).toHaveLength(1);
    advance(1); // 250 ms
    expect(ripples(button)).toHaveLength(0);
  });

  it('stays while the press lasts longer and goes when it ends', () => {
    const { button } = placedButton();
    fireEvent.pointerDown(button, { button: 0, clientX: 30, clientY: 10 });
    advance(600);
    expect(ripples(button)).toHaveLength(1);
    fireEvent.pointerUp(button);
    expect(ripples(button)).toHaveLength(0);
  });

  it('goes when the pointer leaves the button, once its 250 ms are over', () => {
    const { button } = placedButton();
    fireEvent.pointerDown(button, { button: 0, clientX: 30, clientY: 10 });
    fireEvent.pointerLeave(button);
    advance(249);
    expect(ripples(button)).toHaveLength(1);
    advance(1);
    expect(ripples(button)).toHaveLength(0);
  });

  it('times each ripple of quick repeated presses on its own', () => {
    const { button } = placedButton();
    fireEvent.pointerDown(button, { button: 0, clientX: 30, clientY: 10 });
    fireEvent.pointerUp(button);
    advance(100);
    fireEvent.pointerDown(button, { button: 0, clientX: 60, clientY: 20 });
    fireEvent.pointerUp(button);
    expect(ripples(button)).toHaveLength(2);
    advance(150); // first at 250 ms, second at 150 ms
    expect(ripples(button)).toHaveLength(1);
    advance(100);
    expect(ripples(button)).toHaveLength(0);
  });

  it('does not appear for a secondary mouse button, a loading or a disabled button', () => {
    const { button, unmount } = placedButton();
    fireEvent.pointerDown(button, { button: 2, clientX: 30, clientY: 10 });
    expect(ripples(button)).toHaveLength(0);
    unmount();

    const loading = placedButton({ loading: true });
    fireEvent.pointerDown(loading.button, { button: 0, clientX: 30, clientY: 10 });
    expect(ripples(loading.button)).toHaveLength(0);
    loading.unmount();

    const disabled = placedButton({ disabled: true }).button;
    fireEvent.pointerDown(disabled, { button: 0, clientX: 30, clientY: 10 });
    expect(ripples(disabled)).toHaveLength(0);
  });

  it('leaves no timer behind when the button goes away mid-ripple', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { button, unmount } = placedButton();
    fireEvent.pointerDown(button, { button: 0, clientX: 30, clientY: 10 });
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
    advance(1000);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
