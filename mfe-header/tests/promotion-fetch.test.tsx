/**
 * Fetching a promotion (newsletter spec section 4 "Promotion fetch", section 7, section 8): the
 * request (credentials, site header, tag filters), when it is made again (id or tag change,
 * preview token), stale answers, and every failure showing nothing without an error.
 */
import { act, screen } from '@testing-library/react';
import {
  answer,
  bannerContent,
  categoryContent,
  fakeService,
  flush,
  loadCore,
  renderSlot,
  resetEnvironment,
  serviceAnswering,
  setCookies,
  TYPES,
  watchConsole,
} from './promotionHelpers';

beforeAll(loadCore);
beforeEach(watchConsole);
afterEach(resetEnvironment);

const HEADLINE = 'Alles für den Kaffeegenuss';
const headline = () => screen.queryByRole('heading', { level: 2, name: HEADLINE });

/** A category answer whose headline names the request, to tell answers apart. */
const categoryNamed = (name: string) => answer(TYPES.category, { ...categoryContent(), headline: name });

describe('the request', () => {
  it('sends credentials and the site code as the site header, with the tag filters in the URL', async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    await renderSlot({ id: 'cat/kaffee', allOfTags: ['bohnen', 'bio kaffee'], anyOfTags: [' '], noneOfTags: ['b2b'] }, 'CZ');

    expect(service.requests).toHaveLength(1);
    const [request] = service.requests;
    expect(request.url).toBe('/service/promotion/api/promotion/cat%2Fkaffee?allOfTags=bohnen,bio%20kaffee&noneOfTags=b2b');
    expect(request.init.credentials).toBe('include');
    expect(request.headers.site).toBe('CZ');
    expect(request.init.method ?? 'GET').toBe('GET');
    expect(headline()).toBeInTheDocument();
  });

  it('sends CH_FR for the Swiss French site', async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    await renderSlot({ id: 'cat_kaffee' }, 'CH_FR');
    expect(service.requests[0].headers.site).toBe('CH_FR');
  });

  it('asks for nothing and shows nothing for a blank id', async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    const { container } = await renderSlot({ id: '  ' });
    expect(service.requests).toHaveLength(0);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('refetching', () => {
  it('fetches again when the id changes and shows the new promotion', async () => {
    const service = fakeService((request) => ({
      status: 200,
      body: categoryNamed(request.url.endsWith('cat_tee') ? 'Tee-Zeit' : HEADLINE),
    }));
    const view = await renderSlot({ id: 'cat_kaffee' });
    expect(headline()).toBeInTheDocument();

    await view.rerender({ id: 'cat_tee' });

    expect(service.requests.map((r) => r.url)).toEqual([
      '/service/promotion/api/promotion/cat_kaffee',
      '/service/promotion/api/promotion/cat_tee',
    ]);
    expect(screen.getByRole('heading', { name: 'Tee-Zeit' })).toBeInTheDocument();
    expect(headline()).not.toBeInTheDocument();
  });

  it('fetches again when a tag filter changes', async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    const view = await renderSlot({ id: 'cat_kaffee', anyOfTags: ['bohnen'] });

    await view.rerender({ id: 'cat_kaffee', anyOfTags: ['bohnen', 'kapseln'] });
    await view.rerender({ id: 'cat_kaffee', anyOfTags: ['bohnen', 'kapseln'], noneOfTags: ['b2b'] });

    expect(service.requests.map((r) => r.url)).toEqual([
      '/service/promotion/api/promotion/cat_kaffee?anyOfTags=bohnen',
      '/service/promotion/api/promotion/cat_kaffee?anyOfTags=bohnen,kapseln',
      '/service/promotion/api/promotion/cat_kaffee?anyOfTags=bohnen,kapseln&noneOfTags=b2b',
    ]);
    expect(headline()).toBeInTheDocument();
  });

  it('does not fetch again on a re-render with new arrays holding the same tags', async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    const view = await renderSlot({ id: 'cat_kaffee', allOfTags: ['bohnen'], noneOfTags: [] });

    await view.rerender({ id: 'cat_kaffee', allOfTags: ['bohnen'], noneOfTags: [] });
    await view.rerender({ id: 'cat_kaffee', allOfTags: ['bohnen'] });

    expect(service.requests).toHaveLength(1);
    expect(headline()).toBeInTheDocument();
  });

  it('drops an answer that arrives after the query changed', async () => {
    const service = fakeService();
    const view = await renderSlot({ id: 'cat_kaffee' });
    await view.rerender({ id: 'cat_tee' });
    const [first, second] = service.requests;
    expect(first.aborted()).toBe(true);

    second.reply(200, categoryNamed('Tee-Zeit'));
    await flush();
    first.reply(200, categoryNamed('Alte Antwort'));
    await flush();

    expect(screen.getByRole('heading', { name: 'Tee-Zeit' })).toBeInTheDocument();
    expect(screen.queryByText('Alte Antwort')).not.toBeInTheDocument();
  });

  it('shows a kept answer at once when the slot mounts again, without a request (no preview)', async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    const first = await renderSlot({ id: 'cat_kaffee' });
    first.unmount();

    service.handle(() => undefined);
    // In the first render already, before any effect or promise has run.
    await renderSlot({ id: 'cat_kaffee' }, 'DE', false);
    expect(headline()).toBeInTheDocument();
    await flush();

    expect(service.requests).toHaveLength(1);
    expect(headline()).toBeInTheDocument();
  });

  it('keeps answers apart per site', async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    const first = await renderSlot({ id: 'cat_kaffee' }, 'DE');
    first.unmount();
    await renderSlot({ id: 'cat_kaffee' }, 'AT');

    expect(service.requests.map((r) => r.headers.site)).toEqual(['DE', 'AT']);
  });

  it('fetches afresh on every mount while a preview token cookie exists', async () => {
    setCookies('consent=1; previewToken=staff-abc');
    const service = fakeService((request) => ({
      status: 200,
      body: categoryNamed(`Vorschau ${service.requests.indexOf(request) + 1}`),
    }));
    const first = await renderSlot({ id: 'cat_kaffee' });
    expect(screen.getByRole('heading', { name: 'Vorschau 1' })).toBeInTheDocument();
    first.unmount();

    await renderSlot({ id: 'cat_kaffee' });

    expect(service.requests).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Vorschau 2' })).toBeInTheDocument();
  });

  it('fetches afresh once a preview token cookie exists, even with a kept answer', async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    const first = await renderSlot({ id: 'cat_kaffee' });
    first.unmount();

    setCookies('previewToken=staff-abc');
    service.handle(() => ({ status: 200, body: categoryNamed('Vorschau für morgen') }));
    await renderSlot({ id: 'cat_kaffee' }, 'DE', false);
    // Not even for a moment does the kept shopper answer show in the preview.
    expect(headline()).not.toBeInTheDocument();
    await flush();

    expect(service.requests).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Vorschau für morgen' })).toBeInTheDocument();
    expect(headline()).not.toBeInTheDocument();
  });

  it("fetches again when the preview panel's settings change, and shows the shopper's answer after the logout", async () => {
    const service = serviceAnswering(answer(TYPES.category, categoryContent()));
    await renderSlot({ id: 'cat_kaffee' });
    expect(headline()).toBeInTheDocument();

    // Staff apply a date: the panel has set the preview token cookie, then fires its event.
    setCookies('previewToken=staff-abc');
    service.handle(() => ({ status: 200, body: categoryNamed('Advent') }));
    await act(async () => {
      window.dispatchEvent(new Event('shop:preview-changed'));
    });
    await flush();
    expect(service.requests).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Advent' })).toBeInTheDocument();

    // Logout: the cookie is gone; the kept shopper answer shows again without a request.
    setCookies('');
    await act(async () => {
      window.dispatchEvent(new Event('shop:preview-changed'));
    });
    await flush();
    expect(service.requests).toHaveLength(2);
    expect(headline()).toBeInTheDocument();
  });

  it('does not keep a previewed answer for shoppers after the preview ends', async () => {
    setCookies('previewToken=staff-abc');
    const service = serviceAnswering(categoryNamed('Nur in der Vorschau'));
    const first = await renderSlot({ id: 'cat_kaffee' });
    first.unmount();

    setCookies('');
    service.handle(() => ({ status: 200, body: answer(TYPES.category, categoryContent()) }));
    await renderSlot({ id: 'cat_kaffee' });

    expect(service.requests).toHaveLength(2);
    expect(screen.queryByText('Nur in der Vorschau')).not.toBeInTheDocument();
    expect(headline()).toBeInTheDocument();
  });
});

describe('nothing to show', () => {
  const cases: [string, Parameters<typeof fakeService>[0]][] = [
    ['a network failure', () => 'network'],
    ['404', () => ({ status: 404, body: { message: 'no promotion' } })],
    ['500 with a valid-looking body', () => ({ status: 500, body: answer(TYPES.banner, bannerContent()) })],
    ['an unknown type', () => ({ status: 200, body: answer('ApiUnknownPromotion', bannerContent()) })],
    ['malformed contentJSON', () => ({ status: 200, body: { type: TYPES.banner, contentJSON: '{"headline": ' } })],
    ['a body that is not JSON', () => ({ status: 200, body: '<html>Wartung</html>' })],
    ['an empty document', () => ({ status: 200, body: answer(TYPES.category, {}) })],
  ];

  it.each(cases)('renders nothing for %s and logs no error', async (_name, handler) => {
    const service = fakeService(handler);
    const { container } = await renderSlot({ id: 'top_banner' });

    expect(service.requests).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
    // resetEnvironment checks that console.error was never called.
  });

  it('tries again on the next mount after a failure (failures are not kept)', async () => {
    const service = fakeService(() => 'network');
    const first = await renderSlot({ id: 'cat_kaffee' });
    first.unmount();

    service.handle(() => ({ status: 200, body: answer(TYPES.category, categoryContent()) }));
    await renderSlot({ id: 'cat_kaffee' });

    expect(service.requests).toHaveLength(2);
    expect(headline()).toBeInTheDocument();
  });

  it('renders nothing while the answer is pending', async () => {
    fakeService();
    const { container } = await renderSlot({ id: 'cat_kaffee' });
    expect(container).toBeEmptyDOMElement();
  });
});
