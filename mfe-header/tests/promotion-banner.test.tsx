/**
 * The top banner's interactions (newsletter spec section 4): copying the promo code (success
 * for 3 seconds, a fallback when the clipboard refuses) and the legal hint (toggles by click and
 * keyboard, closes on scroll down and when the header opens a flyout or the navigation).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { HEADER_FLYOUT_OPEN_EVENT } from '../src/features/promotions';
import {
  advance,
  answer,
  bannerContent,
  flush,
  loadCore,
  pressKey,
  renderSlot,
  resetEnvironment,
  scrollWindowTo,
  serviceAnswering,
  TYPES,
  watchConsole,
} from './promotionHelpers';

beforeAll(loadCore);
beforeEach(watchConsole);
afterEach(() => {
  delete (navigator as { clipboard?: unknown }).clipboard;
  window.getSelection()?.removeAllRanges();
  resetEnvironment();
});

const COPIED = 'Code kopiert';
const COPY_FAILED = 'Kopieren hat nicht geklappt. Der Code ist markiert – kopiere ihn bitte selbst.';

function useClipboard(writeText: jest.Mock | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  });
}

async function renderBanner(content: Record<string, unknown> = bannerContent()) {
  serviceAnswering(answer(TYPES.banner, content));
  return renderSlot({ id: 'top_banner' });
}

const copyButton = () => screen.getByRole('button', { name: 'Code kopieren' });
const status = () => screen.getByRole('status');

describe('promo code copy', () => {
  it('copies the code and shows the success for exactly 3000 ms', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    useClipboard(writeText);
    await renderBanner();
    expect(status()).toBeEmptyDOMElement();

    fireEvent.click(copyButton());
    await flush();

    expect(writeText).toHaveBeenCalledWith('KAFFEE20');
    expect(status()).toHaveTextContent(COPIED);
    await advance(2999);
    expect(status()).toHaveTextContent(COPIED);
    await advance(1);
    expect(status()).toBeEmptyDOMElement();
    expect(screen.queryByText(COPIED)).not.toBeInTheDocument();
  });

  it('starts the 3000 ms anew when the code is copied again', async () => {
    jest.useFakeTimers();
    useClipboard(jest.fn().mockResolvedValue(undefined));
    await renderBanner();

    fireEvent.click(copyButton());
    await flush();
    await advance(2000);
    fireEvent.click(copyButton());
    await flush();
    await advance(2999);
    expect(status()).toHaveTextContent(COPIED);
    await advance(1);
    expect(status()).toBeEmptyDOMElement();
  });

  it('shows the fallback text and selects the code when the clipboard refuses', async () => {
    jest.useFakeTimers();
    useClipboard(jest.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')));
    await renderBanner();

    fireEvent.click(copyButton());
    await flush();

    expect(status()).toHaveTextContent(COPY_FAILED);
    expect(status()).not.toHaveTextContent(COPIED);
    expect(window.getSelection()?.toString()).toBe('KAFFEE20');
    // The fallback does not time out like the success does: the shopper still has to copy.
    await advance(3000);
    expect(status()).toHaveTextContent(COPY_FAILED);
  });

  it('takes the fallback when the browser has no clipboard at all', async () => {
    useClipboard(undefined);
    await renderBanner();

    fireEvent.click(copyButton());
    await flush();

    expect(status()).toHaveTextContent(COPY_FAILED);
    expect(window.getSelection()?.toString()).toBe('KAFFEE20');
  });
});

describe('legal hint', () => {
  const toggle = () => screen.getByRole('button', { name: /Details zum Angebot/ });
  const legalText = () => screen.getByText(/Gültig bis 31\.12\./);

  function expectOpen(open: boolean) {
    expect(toggle()).toHaveAttribute('aria-expanded', String(open));
    if (open) expect(legalText()).toBeVisible();
    else expect(legalText()).not.toBeVisible();
  }

  it('is a disclosure button controlling the legal text, with long and short hints', async () => {
    await renderBanner();
    expect(toggle()).toHaveAttribute('aria-controls', legalText().id);
    expect(screen.getByText('Details zum Angebot')).toHaveClass('shd-promo-legal__hint');
    expect(screen.getByText('Details')).toHaveClass('shd-promo-legal__hint-short');
  });

  it('opens and closes by click', async () => {
    await renderBanner();
    expectOpen(false);
    fireEvent.click(toggle());
    expectOpen(true);
    fireEvent.click(toggle());
    expectOpen(false);
  });

  it('opens with Enter and closes with Space', async () => {
    await renderBanner();
    pressKey(toggle(), 'Enter');
    expectOpen(true);
    pressKey(toggle(), ' ');
    expectOpen(false);
  });

  it('closes when the page scrolls down, not when it scrolls up', async () => {
    scrollWindowTo(300);
    await renderBanner();
    fireEvent.click(toggle());
    expectOpen(true);

    scrollWindowTo(120);
    expectOpen(true);
    scrollWindowTo(121);
    expectOpen(false);
  });

  it('closes when the header opens a flyout or the navigation (shop:header-flyout-open)', async () => {
    expect(HEADER_FLYOUT_OPEN_EVENT).toBe('shop:header-flyout-open');
    await renderBanner();
    fireEvent.click(toggle());
    expectOpen(true);

    act(() => {
      document.dispatchEvent(new CustomEvent(HEADER_FLYOUT_OPEN_EVENT));
    });
    expectOpen(false);
    // Closed stays closed; the next press opens it again.
    act(() => {
      document.dispatchEvent(new CustomEvent(HEADER_FLYOUT_OPEN_EVENT));
    });
    expectOpen(false);
    fireEvent.click(toggle());
    expectOpen(true);
  });

  it('closes when the focus moves on past it (to what it would hide), and on Escape with the focus back on its button', async () => {
    await renderBanner();
    const after = document.body.appendChild(document.createElement('button'));
    try {
      fireEvent.click(toggle());
      expectOpen(true);
      // A click inside the text (no focus target) keeps it.
      fireEvent.blur(toggle(), { relatedTarget: null });
      expectOpen(true);
      fireEvent.blur(toggle(), { relatedTarget: after });
      expectOpen(false);

      fireEvent.click(toggle());
      expectOpen(true);
      fireEvent.keyDown(toggle(), { key: 'Escape' });
      expectOpen(false);
      expect(toggle()).toHaveFocus();
    } finally {
      after.remove();
    }
  });

  it('opened by a click that leaves the focus on the page (Safari focuses no button on a click), closes on Escape all the same', async () => {
    await renderBanner();
    fireEvent.click(toggle());
    expectOpen(true);
    document.body.focus();
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expectOpen(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expectOpen(false);
  });

  it('closes on a press outside it, not on one on its text', async () => {
    await renderBanner();
    fireEvent.click(toggle());
    expectOpen(true);
    fireEvent.pointerDown(legalText());
    expectOpen(true);
    fireEvent.pointerDown(document.body);
    expectOpen(false);
  });

  it('a text longer than its room becomes a tab stop to scroll it by keyboard; a short one does not', async () => {
    const heights = { scroll: 900, client: 400 };
    const scrollHeight = jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => heights.scroll);
    const clientHeight = jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => heights.client);
    try {
      await renderBanner();
      fireEvent.click(toggle());
      expect(legalText()).toHaveAttribute('tabindex', '0');
      fireEvent.click(toggle());
      heights.scroll = 400;
      fireEvent.click(toggle());
      expect(legalText()).not.toHaveAttribute('tabindex');
    } finally {
      scrollHeight.mockRestore();
      clientHeight.mockRestore();
    }
  });

  it('shows no toggle when the banner has no legal text', async () => {
    const content = bannerContent() as Record<string, unknown>;
    delete content.legalText;
    await renderBanner(content);
    expect(screen.getByText('Nur bis Sonntag')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Details/ })).not.toBeInTheDocument();
  });
});
