/**
 * ModalDialog: open and closed with its `open` prop on the native dialog, content only while
 * open, Escape and a click on the backdrop ask the owner to close; a click inside does not; Tab
 * wraps from the last tab stop to the first and Shift+Tab from the first to the last.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { ModalDialog } from '@shop/ui';

function Owner({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Öffnen
      </button>
      <ModalDialog
        open={open}
        labelledBy="dialog-heading"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <h2 id="dialog-heading">Einstellungen</h2>
        <p>Inhalt</p>
      </ModalDialog>
    </>
  );
}

it('shows its content only while open, named by its heading', () => {
  render(<Owner />);
  expect(screen.queryByText('Inhalt')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
  expect(screen.getByRole('dialog', { name: 'Einstellungen' })).toHaveAttribute('open');
  expect(screen.getByText('Inhalt')).toBeVisible();
});

it('asks to close on Escape and on the backdrop, not on a click inside', () => {
  const onClose = jest.fn();
  render(<Owner onClose={onClose} />);
  fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
  fireEvent.click(screen.getByText('Inhalt'));
  expect(onClose).not.toHaveBeenCalled();
  const cancel = new Event('cancel', { cancelable: true });
  fireEvent(screen.getByRole('dialog'), cancel);
  expect(onClose).toHaveBeenCalledTimes(1);
  // The dialog's own closing on Escape is left to the owner.
  expect(cancel.defaultPrevented).toBe(true);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
  const dialog = screen.getByRole('dialog');
  // A press that starts inside (selecting text) and ends on the backdrop closes nothing.
  fireEvent.pointerDown(screen.getByText('Inhalt'));
  fireEvent.click(dialog);
  expect(onClose).toHaveBeenCalledTimes(1);
  fireEvent.pointerDown(dialog);
  fireEvent.click(dialog);
  expect(onClose).toHaveBeenCalledTimes(2);
});

it('gives the focus back to the button that opened it', () => {
  render(<Owner />);
  const opener = screen.getByRole('button', { name: 'Öffnen' });
  opener.focus();
  fireEvent.click(opener);
  (screen.getByText('Inhalt') as HTMLElement).setAttribute('tabindex', '-1');
  screen.getByText('Inhalt').focus();
  fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
  expect(opener).toHaveFocus();
});

it('opened by a click that focuses nothing (Safari), gives the focus back to the button pressed', () => {
  render(<Owner />);
  const opener = screen.getByRole('button', { name: 'Öffnen' });
  document.body.focus();
  fireEvent.pointerDown(opener);
  fireEvent.click(opener);
  expect(document.activeElement).not.toBe(opener);
  fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
  expect(opener).toHaveFocus();
});

describe('Tab wraps inside the open dialog', () => {
  /**
   * Tab (or Shift+Tab) on the element with the focus. Returns true when the key was left to the
   * browser (its default: the next element in its order, or out of the page after the last).
   */
  function pressTab(shift = false): boolean {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) throw new Error('nothing has the focus');
    return fireEvent.keyDown(active, { key: 'Tab', code: 'Tab', shiftKey: shift });
  }

  function Dialog({ children }: { children: ReactNode }) {
    return (
      <ModalDialog open labelledBy="cart-heading" onClose={() => undefined}>
        <h2 id="cart-heading">Warenkorb</h2>
        {children}
      </ModalDialog>
    );
  }

  const button = (name: string) => screen.getByRole('button', { name });
  const link = (name: string) => screen.getByRole('link', { name });

  it('Tab on the last control goes to the first, Shift+Tab on the first to the last', () => {
    render(
      <Dialog>
        <button type="button">Schließen</button>
        <label>
          Menge <input type="number" defaultValue={1} />
        </label>
        <a href="/checkout">Zur Kasse</a>
      </Dialog>,
    );
    act(() => button('Schließen').focus());
    // In between, the browser goes on by itself.
    expect(pressTab()).toBe(true);
    act(() => link('Zur Kasse').focus());
    expect(pressTab()).toBe(false);
    expect(button('Schließen')).toHaveFocus();
    expect(pressTab(true)).toBe(false);
    expect(link('Zur Kasse')).toHaveFocus();
    expect(pressTab(true)).toBe(true);
  });

  it('counts only what can take the focus: not hidden, disabled, or out of the tab order', () => {
    render(
      <Dialog>
        <button type="button">Schließen</button>
        <a href="/checkout">Zur Kasse</a>
        <button type="button" disabled>
          Bestellen
        </button>
        <fieldset disabled>
          <input aria-label="Gutschein" />
        </fieldset>
        <div hidden>
          <a href="/hidden">Versteckt</a>
        </div>
        <button type="button" style={{ display: 'none' }}>
          Nicht angezeigt
        </button>
        <button type="button" style={{ visibility: 'hidden' }}>
          Unsichtbar
        </button>
        <div tabIndex={-1}>Hinweis</div>
      </Dialog>,
    );
    act(() => link('Zur Kasse').focus());
    expect(pressTab()).toBe(false);
    expect(button('Schließen')).toHaveFocus();
    expect(pressTab(true)).toBe(false);
    expect(link('Zur Kasse')).toHaveFocus();
  });

  it('follows a positive tabindex and takes a radio group as one stop', () => {
    render(
      <Dialog>
        <a href="/cart">Warenkorb ansehen</a>
        <button type="button" tabIndex={1}>
          Schließen
        </button>
        <fieldset>
          <legend>Versand</legend>
          <label>
            <input type="radio" name="shipping" value="standard" defaultChecked /> Standard
          </label>
          <label>
            <input type="radio" name="shipping" value="express" /> Express
          </label>
        </fieldset>
      </Dialog>,
    );
    // Tab order: Schließen (tabindex 1), Warenkorb ansehen, the group (its checked radio).
    act(() => screen.getByRole('radio', { name: 'Standard' }).focus());
    expect(pressTab()).toBe(false);
    expect(button('Schließen')).toHaveFocus();
    expect(pressTab(true)).toBe(false);
    expect(screen.getByRole('radio', { name: 'Standard' })).toHaveFocus();
  });

  it('keeps the focus on the only control, and where it is when there is none', () => {
    const { unmount } = render(
      <Dialog>
        <button type="button">Schließen</button>
      </Dialog>,
    );
    act(() => button('Schließen').focus());
    expect(pressTab()).toBe(false);
    expect(button('Schließen')).toHaveFocus();
    expect(pressTab(true)).toBe(false);
    expect(button('Schließen')).toHaveFocus();
    unmount();

    render(
      <Dialog>
        <p tabIndex={-1}>Ihr Warenkorb ist leer.</p>
      </Dialog>,
    );
    const text = screen.getByText('Ihr Warenkorb ist leer.');
    act(() => text.focus());
    expect(pressTab()).toBe(false);
    expect(text).toHaveFocus();
    expect(pressTab(true)).toBe(false);
    expect(text).toHaveFocus();
  });

  it('from an element that is no tab stop, wraps only when no control lies ahead', () => {
    render(
      <Dialog>
        <button type="button">Schließen</button>
        <a href="/checkout">Zur Kasse</a>
        <p tabIndex={-1}>Versandkostenfrei ab 20 €</p>
      </Dialog>,
    );
    const note = screen.getByText('Versandkostenfrei ab 20 €');
    act(() => note.focus());
    expect(pressTab(true)).toBe(true);
    expect(pressTab()).toBe(false);
    expect(button('Schließen')).toHaveFocus();
  });

  it('leaves a Tab that something inside has taken, and Tab with Ctrl or Alt, alone', () => {
    const takeTab = (event: KeyboardEvent) => {
      if (event.key === 'Tab') event.preventDefault();
    };
    render(
      <Dialog>
        <button type="button">Schließen</button>
        <div onKeyDown={takeTab}>
          <a href="/checkout">Zur Kasse</a>
        </div>
      </Dialog>,
    );
    act(() => link('Zur Kasse').focus());
    pressTab();
    expect(link('Zur Kasse')).toHaveFocus();
    act(() => button('Schließen').focus());
    expect(fireEvent.keyDown(button('Schließen'), { key: 'Tab', shiftKey: true, ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(button('Schließen'), { key: 'Tab', shiftKey: true, altKey: true })).toBe(true);
    expect(button('Schließen')).toHaveFocus();
  });

  it('wraps in the dialog the owner opens, and still gives the focus back on Escape', () => {
    render(<Owner />);
    const opener = screen.getByRole('button', { name: 'Öffnen' });
    act(() => opener.focus());
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Einstellungen' });
    // No control inside: Tab does not leave the dialog for the page or the browser.
    (screen.getByText('Inhalt') as HTMLElement).setAttribute('tabindex', '-1');
    act(() => screen.getByText('Inhalt').focus());
    expect(pressTab()).toBe(false);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(opener).toHaveFocus();
  });
});
