/**
 * The shell's start on a page (`shell/src/index.ts`): which slots it mounts by the page type its
 * configuration island names. Every slot and enhancement is faked (their own tests cover them);
 * the configuration is read from the page as the server writes it.
 */
import { shellConfig } from './shellConfig';
import type { ShellConfig } from '../src/config';

// Shared by every module registry the shell is imported into (`mock` prefix: allowed in factories).
const mockMountNewsletter = jest.fn((_config: ShellConfig) => Promise.resolve(true));
const mockMountSearchField = jest.fn((_config: ShellConfig) => Promise.resolve(true));
const mockRegisterFragments = jest.fn();
const mockFollowItemCount = jest.fn();
const mockFollowConsent = jest.fn();
const mockFollowServiceCart = jest.fn();
const mockMountFooter = jest.fn((_config: ShellConfig) => Promise.resolve(true));
const mockWhenNearViewport = jest.fn((_element: Element, _then: () => void) => undefined);

jest.mock('../src/federation', () => ({ registerFragments: (...args: unknown[]) => mockRegisterFragments(...args), loadFragment: jest.fn() }));
jest.mock('../src/newsletterSlot', () => ({
  keepLateSignupForm: jest.fn(),
  mountNewsletter: (config: ShellConfig) => mockMountNewsletter(config),
}));
jest.mock('../src/searchSlot', () => ({ mountSearchField: (config: ShellConfig) => mockMountSearchField(config) }));
jest.mock('../src/badge', () => ({ followItemCount: (config: ShellConfig) => mockFollowItemCount(config) }));
jest.mock('../src/consent', () => ({ followConsent: (settings: unknown) => mockFollowConsent(settings) }));
jest.mock('../src/addToCart', () => ({
  enhanceAddToCart: jest.fn(),
  followServiceCart: (config: ShellConfig) => mockFollowServiceCart(config),
}));
jest.mock('../src/cartButton', () => ({ enhanceCartButton: jest.fn() }));
jest.mock('../src/headerSlot', () => ({ mountHeader: jest.fn(() => Promise.resolve(true)) }));
jest.mock('../src/footerSlot', () => ({
  mountFooter: (config: ShellConfig) => mockMountFooter(config),
  whenNearViewport: (element: Element, then: () => void) => mockWhenNearViewport(element, then),
}));
jest.mock('../src/previewSlot', () => ({ mountPreviewPanel: jest.fn(() => Promise.resolve(false)) }));
jest.mock('../src/promotionSlots', () => ({ fillPromotionSlots: jest.fn(() => Promise.resolve()) }));
jest.mock('../src/designSystem/mountGallery', () => ({ mountGallery: jest.fn(() => Promise.resolve()) }));

/** A page carrying this shell configuration in its island (as the server writes it). */
function pageWith(config: ShellConfig): void {
  document.body.innerHTML = '';
  const island = document.createElement('script');
  island.type = 'application/json';
  island.id = 'shell-config';
  island.textContent = JSON.stringify(config);
  document.body.append(island);
}

/** Runs the shell's entry on the page, fresh (its work happens at import), and lets its imports settle. */
async function startShell(): Promise<void> {
  await jest.isolateModulesAsync(async () => {
    await import('../src/index');
  });
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  jest.clearAllMocks();
  document.body.innerHTML = '';
  document.documentElement.classList.remove('shell-started');
});

describe('the page type routes the page’s own slot', () => {
  it('mounts the newsletter sign-up on the newsletter page, and no search field', async () => {
    pageWith(shellConfig('AT', { pageType: 'newsletter' }));
    await startShell();
    expect(document.documentElement.classList.contains('shell-started')).toBe(true);
    expect(mockRegisterFragments).toHaveBeenCalledTimes(1);
    expect(mockMountNewsletter).toHaveBeenCalledTimes(1);
    expect(mockMountNewsletter.mock.calls[0][0]).toMatchObject({ site: 'AT', pageType: 'newsletter', basePath: '/at' });
    expect(mockMountSearchField).not.toHaveBeenCalled();
  });

  it('mounts the search field on the search page, and no newsletter sign-up', async () => {
    pageWith(shellConfig('DE', { pageType: 'search' }));
    await startShell();
    expect(mockMountSearchField).toHaveBeenCalledTimes(1);
    expect(mockMountSearchField.mock.calls[0][0]).toMatchObject({ site: 'DE', pageType: 'search' });
    expect(mockMountNewsletter).not.toHaveBeenCalled();
  });

  it('mounts neither on another page', async () => {
    pageWith(shellConfig('DE', { pageType: 'home' }));
    await startShell();
    expect(mockRegisterFragments).toHaveBeenCalledTimes(1);
    expect(mockMountNewsletter).not.toHaveBeenCalled();
    expect(mockMountSearchField).not.toHaveBeenCalled();
  });
});

describe('on every page', () => {
  it("follows the service's cart, the item count and the consent manager with the page's configuration", async () => {
    const consent = { changedEvent: 'consentChanged', dataLayerEvent: 'consent_update' };
    pageWith(shellConfig('AT', { consent }));
    await startShell();
    expect(mockFollowServiceCart).toHaveBeenCalledTimes(1);
    expect(mockFollowServiceCart.mock.calls[0][0]).toMatchObject({ site: 'AT', basePath: '/at' });
    expect(mockFollowItemCount).toHaveBeenCalledTimes(1);
    expect(mockFollowConsent).toHaveBeenCalledWith(consent);
  });

  it('mounts the footer fragment once its slot comes near the viewport, not before', async () => {
    pageWith(shellConfig('DE'));
    const footerSlot = document.createElement('footer');
    footerSlot.id = 'shell-footer';
    document.body.append(footerSlot);
    await startShell();
    expect(mockWhenNearViewport).toHaveBeenCalledTimes(1);
    expect(mockWhenNearViewport.mock.calls[0][0]).toBe(footerSlot);
    expect(mockMountFooter).not.toHaveBeenCalled();

    mockWhenNearViewport.mock.calls[0][1]();
    expect(mockMountFooter).toHaveBeenCalledTimes(1);
    expect(mockMountFooter.mock.calls[0][0]).toMatchObject({ site: 'DE' });
  });
});
