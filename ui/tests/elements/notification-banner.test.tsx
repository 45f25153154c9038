/**
 * NotificationBanner: the role per kind (an error interrupts, the rest are polite), the hidden
 * kind prefix, and closing by mouse and keyboard, uncontrolled and controlled.
 */
import { fireEvent, screen } from '@testing-library/react';
import { NotificationBanner, type NotificationKind } from '@shop/ui';
import { loadCore, pressKey, renderUi, uiText } from './helpers';

beforeAll(loadCore);

const CLOSE = 'Hinweis schließen';

describe('roles and prefix', () => {
  test.each<[NotificationKind, string, string]>([
    ['error', 'alert', 'Fehler'],
    ['info', 'status', 'Information'],
    ['success', 'status', 'Erfolg'],
    ['warning', 'status', 'Warnung'],
  ])('%s is role="%s", announced with the prefix "%s"', (kind, role, prefix) => {
    renderUi(
      <NotificationBanner kind={kind} title="Titel">
        Etwas ist passiert.
      </NotificationBanner>,
    );
    const banner = screen.getByRole(role);
    expect(banner).toHaveClass(`sui-banner--${kind}`);
    // The prefix comes first, then the title and the text (separate blocks).
    expect(banner.textContent).toMatch(new RegExp(`^${prefix}: Titel\\s*Etwas ist passiert\\.$`));
    expect(screen.getByText(`${prefix}:`, { exact: false })).toHaveClass('sui-visually-hidden');
    // Exactly one live region: an error is not also a status.
    expect(screen.queryByRole(role === 'alert' ? 'status' : 'alert')).not.toBeInTheDocument();
  });

  it('is info without a kind, and has no close button unless closable', () => {
    renderUi(<NotificationBanner>Hinweis</NotificationBanner>);
    expect(screen.getByRole('status')).toHaveTextContent('Information: Hinweis');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('renders no title element for an empty title', () => {
    const { container } = renderUi(<NotificationBanner title="">Hinweis</NotificationBanner>);
    expect(container.querySelector('.sui-banner__title')).toBeNull();
    expect(container.querySelector('p')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Information: Hinweis');
  });

  it('renders an unknown kind as the info banner instead of failing', () => {
    const { container } = renderUi(
      <NotificationBanner kind={'notice' as NotificationKind} title="Titel">
        Etwas ist passiert.
      </NotificationBanner>,
    );
    const banner = screen.getByRole('status');
    expect(banner).toHaveClass('sui-banner', 'sui-banner--info');
    expect(banner).not.toHaveClass('sui-banner--notice');
    expect(banner.textContent).toMatch(/^Information: Titel\s*Etwas ist passiert\.$/);
    expect(container.querySelector('.sui-banner__icon svg')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks the site language (PL)', () => {
    renderUi(
      <NotificationBanner kind="error" closable>
        Błąd
      </NotificationBanner>,
      'PL',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(`${uiText('pl-PL', 'ui.banner.error')}: Błąd`);
    expect(screen.getByRole('button', { name: uiText('pl-PL', 'ui.banner.close') })).toBeInTheDocument();
  });
});

describe('closing', () => {
  it('closes on a click and calls onClose', () => {
    const onClose = jest.fn();
    renderUi(
      <NotificationBanner kind="success" closable onClose={onClose}>
        Gespeichert
      </NotificationBanner>,
    );
    fireEvent.click(screen.getByRole('button', { name: CLOSE }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test.each<['Enter' | ' ']>([['Enter'], [' ']])('closes with the key %j', (key) => {
    const onClose = jest.fn();
    renderUi(
      <NotificationBanner kind="warning" closable onClose={onClose}>
        Achtung
      </NotificationBanner>,
    );
    pressKey(screen.getByRole('button', { name: CLOSE }), key);
    expect(screen.queryByText('Achtung')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('controlled: calls onClose and shows until the owner sets open to false', () => {
    const onClose = jest.fn();
    const { rerender } = renderUi(
      <NotificationBanner kind="error" closable open onClose={onClose}>
        Fehlgeschlagen
      </NotificationBanner>,
    );
    fireEvent.click(screen.getByRole('button', { name: CLOSE }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Fehlgeschlagen');

    rerender(
      <NotificationBanner kind="error" closable open={false} onClose={onClose}>
        Fehlgeschlagen
      </NotificationBanner>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    rerender(
      <NotificationBanner kind="error" closable open onClose={onClose}>
        Fehlgeschlagen
      </NotificationBanner>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Fehlgeschlagen');
  });
});

test('announce={false}: no live region of its own, for an owner that keeps one in the document', () => {
  renderUi(
    <div role="alert">
      <NotificationBanner kind="error" announce={false}>
        Nicht möglich.
      </NotificationBanner>
    </div>,
  );
  // One alert (the owner's), holding the banner's text; the banner adds no status or alert.
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getByRole('alert')).toHaveTextContent('Fehler: Nicht möglich.');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
