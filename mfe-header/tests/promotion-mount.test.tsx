/**
 * `mountPromotion`: how a plain host page places a category banner or a phase integration. The
 * core comes from `ready()`, the site from the page language unless given.
 */
import { act, screen, within } from '@testing-library/react';
import { mountPromotion, type Unmount } from '../src/features/promotions/mount';
import * as views from '../src/features/promotions/PromotionView';
import {
  answer,
  categoryContent,
  fakeService,
  flush,
  loadCore,
  phaseContent,
  resetEnvironment,
  TYPES,
  watchConsole,
} from './promotionHelpers';

beforeAll(loadCore);
beforeEach(watchConsole);
afterEach(() => {
  document.body.innerHTML = '';
  resetEnvironment();
});

function hostElement(): HTMLElement {
  const element = document.createElement('div');
  element.id = 'host-slot';
  document.body.append(element);
  return element;
}

async function mount(element: Element, props: Parameters<typeof mountPromotion>[1]): Promise<Unmount> {
  let unmount!: Unmount;
  await act(async () => {
    unmount = mountPromotion(element, props);
  });
  await flush();
  return unmount;
}

/** Category and phase answers by id. */
function promotionService() {
  return fakeService((request) => ({
    status: 200,
    body: request.url.includes('pi_espresso') ? answer(TYPES.phase, phaseContent()) : answer(TYPES.category, categoryContent()),
  }));
}

describe('mountPromotion', () => {
  it("mounts the promotion into the host's element, for the site of the page language", async () => {
    document.documentElement.lang = 'de-AT';
    const service = promotionService();
    const element = hostElement();

    const unmount = await mount(element, { id: 'cat_kaffee', anyOfTags: ['bohnen'] });

    expect(service.requests.map((r) => [r.url, r.headers.site])).toEqual([
      ['/service/promotion/api/promotion/cat_kaffee?anyOfTags=bohnen', 'AT'],
    ]);
    expect(within(element).getByRole('heading', { name: 'Alles für den Kaffeegenuss' })).toBeInTheDocument();
    expect(element.querySelector('.sui-scope')).not.toBeNull();
    act(() => unmount());
  });

  it('takes a site given by the host over the page language, texts included', async () => {
    document.documentElement.lang = 'de-DE';
    const service = fakeService(() => ({
      status: 200,
      body: answer(TYPES.phase, { ...phaseContent(), voucherCode: { code: 'ESPRESSO15' }, voucherOrButton: { selector: 'voucherCode' } }),
    }));
    const element = hostElement();

    const unmount = await mount(element, { id: 'pi_espresso', site: 'CH_FR' });

    expect(service.requests[0].headers.site).toBe('CH_FR');
    expect(within(element).getByRole('button', { name: 'Copier le code' })).toBeInTheDocument();
    act(() => unmount());
  });

  it('shows another promotion after update() and keeps the props not given', async () => {
    const service = promotionService();
    const element = hostElement();
    const unmount = await mount(element, { id: 'cat_kaffee', noneOfTags: ['b2b'] });

    await act(async () => {
      unmount.update({ id: 'pi_espresso' });
    });
    await flush();

    expect(service.requests.map((r) => r.url)).toEqual([
      '/service/promotion/api/promotion/cat_kaffee?noneOfTags=b2b',
      '/service/promotion/api/promotion/pi_espresso?noneOfTags=b2b',
    ]);
    expect(within(element).getByRole('heading', { name: 'Die neue Espressomaschine' })).toBeInTheDocument();
    expect(within(element).queryByRole('heading', { name: 'Alles für den Kaffeegenuss' })).not.toBeInTheDocument();
    act(() => unmount());
  });

  it('leaves the element empty after unmount, also when an answer arrives later', async () => {
    const service = fakeService();
    const element = hostElement();
    const unmount = await mount(element, { id: 'cat_kaffee' });

    act(() => unmount());
    expect(service.requests[0].aborted()).toBe(true);
    service.requests[0].reply(200, answer(TYPES.category, categoryContent()));
    await flush();

    expect(element).toBeEmptyDOMElement();
    expect(screen.queryByText('Alles für den Kaffeegenuss')).not.toBeInTheDocument();
  });

  it('tells a page keeping its own copy (onShown) when the promotion is on the page, and not while it loads or when there is none', async () => {
    const service = fakeService();
    const element = hostElement();
    const shownWith: string[] = [];
    const onShown = () => shownWith.push(element.textContent ?? '');
    const unmount = await mount(element, { id: 'cat_kaffee', onShown });
    expect(shownWith).toEqual([]);

    await act(async () => service.requests[0].reply(200, answer(TYPES.category, categoryContent())));
    await flush();
    // Called once the promotion is in the element, before the page could paint without it.
    expect(shownWith).toHaveLength(1);
    expect(shownWith[0]).toContain('Alles für den Kaffeegenuss');

    // No promotion for another id (404): not called again.
    await act(async () => unmount.update({ id: 'cat_tee' }));
    await act(async () => service.requests[1].reply(404, ''));
    await flush();
    expect(shownWith).toHaveLength(1);
    act(() => unmount());
  });

  it('tells the latest onFailed when the renderer stops after an error, and leaves the element empty', async () => {
    promotionService();
    const element = hostElement();
    const first = jest.fn();
    const latest = jest.fn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const view = jest.spyOn(views, 'PromotionView');
    try {
      const unmount = await mount(element, { id: 'cat_kaffee', onFailed: first });
      expect(within(element).getByRole('heading', { name: 'Alles für den Kaffeegenuss' })).toBeInTheDocument();
      // The view breaks on the next render (a fault of the fragment's own): the renderer stops.
      view.mockImplementation(() => {
        throw new Error('broken view');
      });
      jest.mocked(console.error).mockImplementation(() => {});
      await act(async () => unmount.update({ onFailed: latest, id: 'pi_espresso' }));
      await flush();
      expect(element).toBeEmptyDOMElement();
      expect([first.mock.calls.length, latest.mock.calls.length]).toEqual([0, 1]);
      expect(warn).toHaveBeenCalledWith('[promotion] stopped after an error', expect.any(Error));
      act(() => unmount());
      // React reports the caught error too; it is this test's own.
      jest.mocked(console.error).mockClear();
    } finally {
      view.mockRestore();
      warn.mockRestore();
    }
  });

  it('tolerates a host passing tags that are not lists: no error, the promotion still shows', async () => {
    const service = promotionService();
    const element = hostElement();
    const props = { id: 'cat_kaffee', allOfTags: 'bohnen' } as unknown as Parameters<typeof mountPromotion>[1];

    const unmount = await mount(element, props);

    expect(service.requests.map((r) => r.url)).toEqual(['/service/promotion/api/promotion/cat_kaffee']);
    expect(within(element).getByRole('heading', { name: 'Alles für den Kaffeegenuss' })).toBeInTheDocument();
    act(() => unmount());
  });
});
