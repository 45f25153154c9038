/**
 * The checkout's reduced header: only the logo (to the site root), the back button and the
 * secure-purchase hint; back tries the native app, then the mobile app, then the history, and a
 * failing bridge falls through to the next.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ready, type Site } from '@shop/core';
import { ThemeScope, UiProvider } from '@shop/ui';
import { goBack, ReducedHeader } from '../src/features/reduced';

async function renderReduced(site: Site = 'DE', basePath?: string, onBack?: () => void) {
  const core = await ready();
  return render(
    <UiProvider core={core} site={site}>
      <ThemeScope>
        <ReducedHeader basePath={basePath} onBack={onBack} />
      </ThemeScope>
    </UiProvider>,
  );
}

const back = () => screen.getByRole('button', { name: 'Zurück' });

afterEach(() => {
  delete window.nativeApp;
  delete window.mobileApp;
  jest.restoreAllMocks();
});

describe('what it shows', () => {
  it('only the logo linking to the site root, the back button and the secure-purchase hint', async () => {
    const { container } = await renderReduced();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'SHOP zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('button')).toEqual([back()]);
    expect(screen.getByText('Sicher einkaufen')).toBeVisible();
    // The lock icon is there and decorative.
    expect(screen.getByText('Sicher einkaufen').parentElement?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    // No icon bar, search, navigation or promotion.
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(container.querySelector('.shd-icon-bar, [class*="shd-promo"]')).toBeNull();
  });

  it('is used for the checkout page type, the full header elsewhere (the core decides)', async () => {
    const core = await ready();
    expect(core.headerVariant('checkout')).toBe('REDUCED');
    expect(core.headerVariant('basket')).toBe('FULL');
  });

  it('links the logo to the site root under the site prefix and speaks the site language', async () => {
    await renderReduced('CH_FR', '/ch-fr');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/ch-fr/');
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(screen.getByText('Achat sécurisé')).toBeInTheDocument();
  });
});

describe('the back button', () => {
  it('uses the native app back action first', async () => {
    const order: string[] = [];
    window.nativeApp = { back: () => order.push('native') };
    window.mobileApp = { back: () => order.push('mobile') };
    const history = jest.spyOn(window.history, 'back').mockImplementation(() => order.push('history') as unknown as void);
    await renderReduced();
    act(() => {
      fireEvent.click(back());
    });
    expect(order).toEqual(['native']);
    expect(history).not.toHaveBeenCalled();
  });

  it('then the mobile app back action', async () => {
    const order: string[] = [];
    window.mobileApp = { back: () => order.push('mobile') };
    jest.spyOn(window.history, 'back').mockImplementation(() => order.push('history') as unknown as void);
    await renderReduced();
    act(() => {
      fireEvent.click(back());
    });
    expect(order).toEqual(['mobile']);
  });

  it('then the browser history', async () => {
    const history = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    await renderReduced();
    act(() => {
      fireEvent.click(back());
    });
    expect(history).toHaveBeenCalledTimes(1);
  });

  it('a throwing app bridge falls through to the next way back', async () => {
    const order: string[] = [];
    window.nativeApp = {
      back: () => {
        throw new Error('bridge gone');
      },
    };
    Object.defineProperty(window, 'mobileApp', {
      configurable: true,
      get() {
        throw new Error('no access');
      },
    });
    jest.spyOn(window.history, 'back').mockImplementation(() => order.push('history') as unknown as void);
    try {
      await renderReduced();
      act(() => {
        fireEvent.click(back());
      });
      expect(order).toEqual(['history']);
    } finally {
      Object.defineProperty(window, 'mobileApp', { configurable: true, writable: true, value: undefined });
    }
  });

  it('an app object without a back function is skipped', async () => {
    window.nativeApp = {};
    window.mobileApp = { back: 'nope' as unknown as () => void };
    const history = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    expect(goBack()).toBe('history');
    expect(history).toHaveBeenCalledTimes(1);
  });

  it('can be replaced by the page', async () => {
    const onBack = jest.fn();
    const history = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    await renderReduced('DE', undefined, onBack);
    act(() => {
      fireEvent.click(back());
    });
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(history).not.toHaveBeenCalled();
  });
});
