/**
 * ModalDialog: open and closed with its `open` prop on the native dialog, content only while
 * open, Escape and a click on the backdrop ask the owner to close; a click inside does not.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
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
