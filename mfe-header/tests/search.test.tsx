/**
 * The header's search box: the combobox and its keyboard, the suggestions call (threshold,
 * stale answers, retries, broken answers), where searches go, the panel height, the pre-fill
 * and the texts per site. The core is real; only the suggestions service (fetch) is faked.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import {
  advance,
  BOHNE_ANSWER,
  answer,
  fakeService,
  flush,
  options,
  press,
  renderSearchBox,
  resetEnvironment,
  serviceAnswering,
  SUGGESTIONS_PATH,
  TEXT,
  type,
} from './search-helpers';

afterEach(resetEnvironment);

const BEANS_URL = '/p/400001?query=bohne&dim1=17';
const KAFFEEBOHNEN_URL = '/search?query=Kaffeebohnen&site=DE&filters=availability-available';

/** The option element showing `name` (its accessible name). */
const option = (name: string) => screen.getByRole('option', { name });
const liveRegion = () => screen.getByRole('status');

/** Renders the box and types "bohne", answered with two terms and two products. */
async function withBohneSuggestions(props: Parameters<typeof renderSearchBox>[0] = {}) {
  const service = serviceAnswering(BOHNE_ANSWER);
  const rendered = await renderSearchBox(props);
  await type(rendered.input, 'bohne');
  expect(options()).toHaveLength(4);
  return { ...rendered, service };
}

describe('the box', () => {
  it('is a labelled combobox in a search form with a named submit button, capped at the term length', async () => {
    fakeService();
    const { input } = await renderSearchBox();

    const form = screen.getByRole('search', { name: 'Produktsuche' });
    expect(within(form).getByRole('combobox', { name: TEXT.label })).toBe(input);
    expect(input).toHaveAttribute('placeholder', 'Wonach suchst du?');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input.maxLength).toBe(200);
    const controlled = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(controlled).toHaveAttribute('role', 'listbox');
    expect(within(form).getByRole('button', { name: 'Suchen' })).toHaveAttribute('type', 'submit');
    // No text yet: nothing to clear, no popup.
    expect(screen.queryByRole('button', { name: 'Eingabe löschen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it.each([
    [{ variant: 'inline' as const }, '170px', '408px'],
    [{ variant: 'inline' as const, flyoutWidth: 'narrow' as const }, '270px', '270px'],
    [{ variant: 'inline' as const, flyoutWidth: 'wide' as const }, '350px', '350px'],
    [{ variant: 'overlay' as const }, '550px', '550px'],
  ])('%o is %s wide, %s on focus', async (props, width, focusWidth) => {
    fakeService();
    await renderSearchBox(props);
    const form = screen.getByRole('search');
    expect(form.style.getPropertyValue('--shd-search-width')).toBe(width);
    expect(form.style.getPropertyValue('--shd-search-focus-width')).toBe(focusWidth);
  });

  it('the overlay has a close button calling onClose; the clear button empties the field and keeps focus', async () => {
    serviceAnswering(BOHNE_ANSWER);
    const { input, onClose } = await renderSearchBox({ variant: 'overlay' });
    await type(input, 'bohne');
    expect(options()).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Eingabe löschen' }));
    await flush();
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Suche schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('clearing', () => {
  it('drops the suggestions with the text: an arrow key afterwards opens nothing', async () => {
    const { input } = await withBohneSuggestions();
    fireEvent.click(screen.getByRole('button', { name: 'Eingabe löschen' }));
    await flush();
    await press(input, 'ArrowDown');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(options()).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('suggestions', () => {
  it('asks nothing for 1 character and asks the service from 2, with credentials', async () => {
    const service = serviceAnswering(answer(['Kaffee']));
    const { input } = await renderSearchBox();

    await type(input, 'k');
    expect(service.calls).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await type(input, 'ka');
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0].url).toBe(`${SUGGESTIONS_PATH}?q=ka&site=DE&maxSearchTerms=10&maxProducts=5`);
    expect(service.calls[0].init.credentials).toBe('include');
    expect(option('Kaffee')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');

    // Back to one character: the suggestions go, nothing more is asked.
    await type(input, 'k');
    expect(service.calls).toHaveLength(1);
    expect(options()).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the last suggestions on screen while the next ones load (no flicker on each keystroke)', async () => {
    // The first call is answered, the second held.
    const service = fakeService((call) => (call.url.includes('q=bohne&') ? { status: 200, body: BOHNE_ANSWER } : undefined));
    const { input } = await renderSearchBox();
    await type(input, 'bohne');
    expect(options()).toHaveLength(4);
    await type(input, 'bohnen');
    expect(service.calls).toHaveLength(2);
    expect(service.calls[1].settled).toBe(false);
    expect(options()).toHaveLength(4);
    expect(option('Kaffeebohnen')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows terms as prefix, highlighted match and suffix, and products with thumbnail and title, in labelled groups', async () => {
    await withBohneSuggestions();

    const listbox = screen.getByRole('listbox', { name: 'Suchvorschläge' });
    const terms = within(listbox).getByRole('group', { name: TEXT.terms });
    const products = within(listbox).getByRole('group', { name: TEXT.products });

    const kaffeebohnen = within(terms).getByRole('option', { name: 'Kaffeebohnen' });
    expect(kaffeebohnen.querySelector('mark')).toHaveTextContent(/^bohne$/);
    expect(kaffeebohnen.firstChild).toHaveTextContent(/^Kaffee$/);
    expect(kaffeebohnen.lastChild).toHaveTextContent(/^n$/);
    // No match: the whole term, nothing highlighted.
    const espresso = within(terms).getByRole('option', { name: 'Espresso' });
    expect(espresso).toHaveTextContent(/^Espresso$/);
    expect(espresso.querySelector('mark')).toBeNull();

    const beans = within(products).getByRole('option', { name: 'Barista Caffè Crema, 1 kg Bohnen' });
    expect(beans.querySelector('img')).toHaveAttribute('src', '/img/400001.jpg');
    expect(within(products).getByRole('option', { name: 'Kaffeebecher, 2 Stück' })).toBeInTheDocument();
    for (const element of options()) expect(element.id).not.toBe('');
  });

  it('says there are no suggestions once the service has not answered within 8 s, instead of loading for ever', async () => {
    jest.useFakeTimers();
    // A service that never answers: the call ends only when it is aborted.
    (globalThis as { fetch: unknown }).fetch = jest.fn(
      (_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const { input } = await renderSearchBox();
    await type(input, 'ka');
    await advance(7_999);
    expect(liveRegion()).toHaveTextContent(TEXT.loading);
    // At 8 s the call ends: no suggestions, said once that has held still for its second.
    await advance(1);
    await advance(1_000);
    expect(liveRegion()).toHaveTextContent(TEXT.none);
    expect(input).toHaveValue('ka');
  });

  it('announces the number of suggestions once, a second after the answers stop changing, not on every keystroke', async () => {
    jest.useFakeTimers();
    const service = fakeService();
    const { input } = await renderSearchBox();
    expect(liveRegion()).toHaveTextContent(/^$/);

    // Quick typing with quick answers: nothing is said while the shopper types.
    await type(input, 'bo');
    service.calls[0].reply(200, answer(['Bohnen', 'Bolero']));
    await flush();
    await advance(400);
    await type(input, 'bohne');
    service.calls[1].reply(200, BOHNE_ANSWER);
    await flush();
    await advance(999);
    expect(liveRegion()).toHaveTextContent(/^$/);
    await advance(1);
    expect(liveRegion()).toHaveTextContent(TEXT.four);

    // A new answer with the same count is said again: the region gets a new node with the same
    // words (an addition it speaks), rather than keeping the old one.
    const before = liveRegion().firstChild;
    await type(input, 'bohnen');
    service.calls[2].reply(200, BOHNE_ANSWER);
    await flush();
    await advance(1000);
    expect(liveRegion().textContent).toBe(TEXT.four);
    expect(liveRegion().firstChild).not.toBe(before);

    await type(input, 'kaffeebohnen');
    service.calls[3].reply(200, answer(['Kaffeebohnen']));
    await flush();
    await advance(1000);
    expect(liveRegion()).toHaveTextContent(/^1 Vorschlag$/);

    // Text that asks for no suggestions clears the region at once.
    await type(input, 'k');
    expect(liveRegion()).toHaveTextContent(/^$/);
  });

  it('says that suggestions are loading only when the answer is slow', async () => {
    jest.useFakeTimers();
    const service = fakeService();
    const { input } = await renderSearchBox();

    await type(input, 'bohne');
    await advance(999);
    expect(liveRegion()).toHaveTextContent(/^$/);
    await advance(1);
    expect(liveRegion()).toHaveTextContent(TEXT.loading);
    service.calls[0].reply(200, BOHNE_ANSWER);
    await flush();
    expect(liveRegion()).toHaveTextContent(TEXT.loading);
    await advance(1000);
    expect(liveRegion()).toHaveTextContent(TEXT.four);
  });

  it('aborts the previous call on a new keystroke and drops its late answer', async () => {
    const service = fakeService();
    const { input } = await renderSearchBox();

    await type(input, 'ka');
    await type(input, 'kaf');
    expect(service.queries()).toEqual(['ka', 'kaf']);
    expect(service.calls[0].init.signal?.aborted).toBe(true);
    expect(service.calls[1].init.signal?.aborted).toBe(false);

    // The newer answer first, then the stale one: the stale one never shows.
    service.calls[1].reply(200, answer(['Kaffeebohnen']));
    await flush();
    service.calls[0].reply(200, answer(['Kakao']));
    await flush();
    expect(option('Kaffeebohnen')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Kakao' })).not.toBeInTheDocument();
  });

  it('drops an answer for an older text that arrives before the current one', async () => {
    const service = fakeService();
    const { input } = await renderSearchBox();

    await type(input, 'ka');
    await type(input, 'kaf');
    service.calls[0].reply(200, answer(['Kakao']));
    await flush();
    expect(options()).toHaveLength(0);
    expect(screen.queryByText('Kakao')).not.toBeInTheDocument();
  });

  it('retries a 503 four times, 2000 ms apart, then gives up showing nothing', async () => {
    jest.useFakeTimers();
    const service = fakeService(() => ({ status: 503, body: 'unavailable' }));
    const { input } = await renderSearchBox();

    await type(input, 'kaffee');
    expect(service.calls).toHaveLength(1);
    for (let retry = 1; retry <= 4; retry += 1) {
      await advance(1999);
      expect(service.calls).toHaveLength(retry);
      expect(liveRegion()).toHaveTextContent(TEXT.loading);
      await advance(1);
      expect(service.calls).toHaveLength(retry + 1);
    }
    await advance(60_000);
    expect(service.calls).toHaveLength(5);
    expect(new Set(service.queries())).toEqual(new Set(['kaffee']));
    expect(options()).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(liveRegion()).toHaveTextContent(TEXT.none);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the suggestions of a 200 that follows two 503s', async () => {
    jest.useFakeTimers();
    let answered = 0;
    const service = fakeService(() => {
      answered += 1;
      return answered <= 2 ? { status: 503 } : { status: 200, body: BOHNE_ANSWER };
    });
    const { input } = await renderSearchBox();

    await type(input, 'bohne');
    expect(options()).toHaveLength(0);
    await advance(2000);
    expect(options()).toHaveLength(0);
    await advance(2000);
    expect(service.calls).toHaveLength(3);
    expect(options()).toHaveLength(4);
    await advance(1000);
    expect(liveRegion()).toHaveTextContent(TEXT.four);
    await advance(10_000);
    expect(service.calls).toHaveLength(3);
  });

  it('stops retrying the old text when the text changes', async () => {
    jest.useFakeTimers();
    const service = fakeService((call) => (call.url.includes('q=ka&') ? { status: 503 } : undefined));
    const { input } = await renderSearchBox();

    await type(input, 'ka');
    await advance(1000);
    await type(input, 'kaf');
    await advance(10_000);
    expect(service.queries()).toEqual(['ka', 'kaf']);
  });

  it('does not retry a failed answer that comes for a text the shopper has changed meanwhile', async () => {
    jest.useFakeTimers();
    const service = fakeService();
    const { input } = await renderSearchBox();

    await type(input, 'ka');
    await type(input, 'kaf');
    // The old text's call fails late, with a status the core would retry.
    service.calls[0].reply(503, 'unavailable');
    await flush();
    await advance(10_000);
    expect(service.queries()).toEqual(['ka', 'kaf']);
  });

  it.each([
    ['a network failure', 'network' as const],
    ['a malformed body', { status: 200, body: '{"searchTerms": [ {"searchterm": ' }],
    ['a body of the wrong shape', { status: 200, body: '[1, 2, 3]' }],
    ['an empty body', { status: 200, body: '' }],
  ])('shows nothing and no error after %s', async (_name, outcome) => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const service = fakeService(() => outcome);
      const { input } = await renderSearchBox();
      await type(input, 'kaffee');

      expect(service.calls.length).toBeGreaterThanOrEqual(1);
      expect(options()).toHaveLength(0);
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await waitFor(() => expect(liveRegion()).toHaveTextContent(TEXT.none), { timeout: 3000 });
      expect(input).toHaveValue('kaffee');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('keyboard', () => {
  it('moves the active option through both groups with the arrows, wrapping, while focus stays in the input', async () => {
    const { input } = await withBohneSuggestions();
    const activeName = () => {
      const id = input.getAttribute('aria-activedescendant');
      return id ? document.getElementById(id)?.textContent : undefined;
    };
    const selected = () => options().filter((element) => element.getAttribute('aria-selected') === 'true');

    expect(activeName()).toBeUndefined();
    expect(selected()).toHaveLength(0);

    await press(input, 'ArrowDown');
    expect(activeName()).toBe('Kaffeebohnen');
    expect(selected()).toEqual([option('Kaffeebohnen')]);
    expect(option('Espresso')).toHaveAttribute('aria-selected', 'false');

    await press(input, 'ArrowDown');
    await press(input, 'ArrowDown');
    expect(activeName()).toBe('Barista Caffè Crema, 1 kg Bohnen');
    expect(selected()).toEqual([option('Barista Caffè Crema, 1 kg Bohnen')]);

    await press(input, 'ArrowDown');
    expect(activeName()).toBe('Kaffeebecher, 2 Stück');
    await press(input, 'ArrowDown');
    expect(activeName()).toBe('Kaffeebohnen'); // wraps to the first
    await press(input, 'ArrowUp');
    expect(activeName()).toBe('Kaffeebecher, 2 Stück'); // and back to the last
    await press(input, 'ArrowUp');
    expect(activeName()).toBe('Barista Caffè Crema, 1 kg Bohnen');

    expect(input).toHaveFocus();
    expect(input).toHaveValue('bohne');
  });

  it('Enter on an active term runs that search', async () => {
    const { input, onNavigate, onProductClick } = await withBohneSuggestions();
    await press(input, 'ArrowDown');
    await press(input, 'Enter');

    expect(onNavigate).toHaveBeenCalledWith(KAFFEEBOHNEN_URL);
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(onProductClick).not.toHaveBeenCalled();
    expect(input).toHaveValue('Kaffeebohnen');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Enter on an active product records the click and goes to its page with dim1', async () => {
    const { input, onNavigate, onProductClick } = await withBohneSuggestions();
    await press(input, 'ArrowUp');
    await press(input, 'ArrowUp');
    await press(input, 'Enter');

    expect(onProductClick).toHaveBeenCalledTimes(1);
    expect(onProductClick.mock.calls[0][0]).toMatchObject({ title: 'Barista Caffè Crema, 1 kg Bohnen', url: BEANS_URL });
    expect(onNavigate).toHaveBeenCalledWith(BEANS_URL);
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('records a product click in the data layer by default', async () => {
    const dataLayer: unknown[] = [];
    (window as { dataLayer?: unknown }).dataLayer = dataLayer;
    const { input, onNavigate } = await withBohneSuggestions({ onProductClick: undefined });
    await press(input, 'ArrowUp');
    await press(input, 'Enter');

    expect(dataLayer).toEqual([
      { event: 'ga_event', category: 'search', action: 'suggestion product click', label: 'Kaffeebecher, 2 Stück', nonInteraction: false },
    ]);
    expect(onNavigate).toHaveBeenCalledWith('/p/400006?query=bohne');
  });

  it('Enter with no active option submits the cleaned typed text', async () => {
    const { input, onNavigate } = await withBohneSuggestions();
    await type(input, '123 456');
    await press(input, 'Enter');

    expect(onNavigate).toHaveBeenCalledWith('/search?query=123456&site=DE&filters=availability-available');
    expect(input).toHaveValue('123456');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('an empty term only focuses the field', async () => {
    fakeService();
    const { input, onNavigate, onClientRoute } = await renderSearchBox({ clientRouting: true });
    const submit = screen.getByRole('button', { name: 'Suchen' });
    submit.focus();
    fireEvent.click(submit);
    await flush();
    expect(input).toHaveFocus();

    await type(input, '   ');
    await press(input, 'Enter');
    expect(input).toHaveFocus();
    expect(onNavigate).not.toHaveBeenCalled();
    expect(onClientRoute).not.toHaveBeenCalled();
  });

  it('on DE "agb" goes to the terms page; on AT it is an ordinary search', async () => {
    fakeService();
    const de = await renderSearchBox();
    await type(de.input, 'agb');
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(de.onNavigate).toHaveBeenCalledWith('/agb-s400007325.html');
    de.unmount();

    const at = await renderSearchBox({}, 'AT');
    await type(at.input, 'agb');
    await press(at.input, 'Enter');
    expect(at.onNavigate).toHaveBeenCalledWith('/search?query=agb&site=AT&filters=availability-available');
  });

  it('with client routing hands searches to the host route instead of loading a page', async () => {
    const { input, onNavigate, onClientRoute } = await withBohneSuggestions({ clientRouting: true });
    await press(input, 'Enter');
    expect(onClientRoute).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'route', name: 'search', query: 'bohne', site: 'DE' }),
    );

    await type(input, 'bohne');
    await press(input, 'ArrowDown');
    await press(input, 'Enter');
    expect(onClientRoute).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'search', query: 'Kaffeebohnen' }));
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('the arrows and Enter are taken by the box: the caret does not jump, and the form is not submitted a second time', async () => {
    const { input } = await withBohneSuggestions();
    const keyDown = (key: string) => {
      let notPrevented = true;
      act(() => {
        notPrevented = fireEvent.keyDown(input, { key });
      });
      return notPrevented;
    };
    expect(keyDown('ArrowDown')).toBe(false);
    expect(keyDown('ArrowUp')).toBe(false);
    expect(keyDown('Enter')).toBe(false);
  });

  it('Enter that ends an IME composition only ends it: nothing is chosen or searched', async () => {
    const { input, onNavigate, onProductClick } = await withBohneSuggestions();
    await press(input, 'ArrowDown');

    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    });
    await flush();
    expect(onNavigate).not.toHaveBeenCalled();
    expect(onProductClick).not.toHaveBeenCalled();
    expect(options()).toHaveLength(4);
    expect(option('Kaffeebohnen')).toHaveAttribute('aria-selected', 'true');
  });

  it('new suggestions arriving leave no option active: Enter then searches for the typed text', async () => {
    const service = fakeService((call) => (call.url.includes('q=bohne&') ? { status: 200, body: BOHNE_ANSWER } : undefined));
    const { input, onNavigate } = await renderSearchBox();
    await type(input, 'bohne');
    await type(input, 'bohnen');
    // While the next answer is on its way, the shopper moves onto an option of the shown ones.
    await press(input, 'ArrowDown');
    expect(input).toHaveAttribute('aria-activedescendant');

    service.calls[1].reply(200, answer(['Bohnenkaffee', 'Kaffeebohnen']));
    await flush();
    expect(option('Bohnenkaffee')).toHaveAttribute('aria-selected', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await press(input, 'Enter');
    expect(onNavigate).toHaveBeenCalledWith('/search?query=bohnen&site=DE&filters=availability-available');
  });

  it('keeps the active option in sight inside the scrolling panel', async () => {
    const scrolled: { name: string | null; options: unknown }[] = [];
    const prototype = Element.prototype as { scrollIntoView?: unknown };
    prototype.scrollIntoView = function scrollIntoView(this: Element, options: unknown) {
      scrolled.push({ name: this.getAttribute('aria-label') ?? this.textContent, options });
    };
    try {
      const { input } = await withBohneSuggestions();
      await press(input, 'ArrowUp');
      expect(scrolled.at(-1)).toEqual({ name: 'Kaffeebecher, 2 Stück', options: { block: 'nearest' } });
      await press(input, 'ArrowDown');
      expect(scrolled.at(-1)).toEqual({ name: 'Kaffeebohnen', options: { block: 'nearest' } });
    } finally {
      delete prototype.scrollIntoView;
    }
  });

  it('with client routing the field shows what was searched for (the page stays)', async () => {
    const { input, onClientRoute } = await withBohneSuggestions({ clientRouting: true });
    await press(input, 'ArrowDown');
    await press(input, 'Enter');
    expect(onClientRoute).toHaveBeenCalledWith(expect.objectContaining({ query: 'Kaffeebohnen' }));
    expect(input).toHaveValue('Kaffeebohnen');

    await type(input, '123 456');
    await press(input, 'Enter');
    expect(onClientRoute).toHaveBeenLastCalledWith(expect.objectContaining({ query: '123456' }));
    expect(input).toHaveValue('123456');
  });

  it('Escape that closes the popup is not heard outside the box (a flyout around it stays open)', async () => {
    const { input, onClose } = await withBohneSuggestions();
    const heardOutside = jest.fn();
    document.addEventListener('keydown', heardOutside);
    try {
      await press(input, 'Escape');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(heardOutside).not.toHaveBeenCalled();
      expect(onClose).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('keydown', heardOutside);
    }
  });

  it('Escape closes the popup, a second Escape calls onClose', async () => {
    const { input, onClose, onNavigate } = await withBohneSuggestions();
    await press(input, 'ArrowDown');

    await press(input, 'Escape');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('bohne');
    expect(onClose).not.toHaveBeenCalled();

    await press(input, 'Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onNavigate).not.toHaveBeenCalled();

    // ArrowDown opens the popup again, on the first option.
    await press(input, 'ArrowDown');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(option('Kaffeebohnen')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('pointer', () => {
  it('a click on a term runs that search, on a product records it and goes to the product', async () => {
    const first = await withBohneSuggestions();
    fireEvent.click(option('Espresso'));
    expect(first.onNavigate).toHaveBeenCalledWith('/search?query=Espresso&site=DE&filters=availability-available');
    first.unmount();

    const second = await withBohneSuggestions();
    fireEvent.click(option('Barista Caffè Crema, 1 kg Bohnen'));
    expect(second.onProductClick).toHaveBeenCalledTimes(1);
    expect(second.onNavigate).toHaveBeenCalledWith(BEANS_URL);
  });

  it('pressing an option keeps focus in the input; a press outside closes the popup', async () => {
    const { input } = await withBohneSuggestions();
    const pressed = fireEvent.mouseDown(option('Espresso'));
    expect(pressed).toBe(false); // default prevented: the input keeps focus

    fireEvent.pointerDown(input);
    await flush();
    expect(options()).toHaveLength(4);

    fireEvent.pointerDown(document.body);
    await flush();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('accessibility', () => {
  it('has no axe violations with the popup open and an option active', async () => {
    const { container, input } = await withBohneSuggestions();
    await press(input, 'ArrowDown');
    // jsdom has no canvas (axe's icon-ligature check asks for one); without it axe skips that check.
    const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
    expect(results.passes.map((pass) => pass.id)).toEqual(
      expect.arrayContaining(['aria-required-children', 'aria-required-parent', 'aria-valid-attr-value', 'label']),
    );
    canvas.mockRestore();
  });

  it('keeps the popup open while the focus moves within the box (to its clear button)', async () => {
    const { input } = await withBohneSuggestions();
    await act(async () => {
      screen.getByRole('button', { name: 'Eingabe löschen' }).focus();
    });
    expect(options()).toHaveLength(4);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the popup when focus leaves the box', async () => {
    const { input } = await withBohneSuggestions();
    const outside = document.createElement('button');
    document.body.append(outside);
    try {
      await act(async () => {
        outside.focus();
      });
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(input).toHaveAttribute('aria-expanded', 'false');
    } finally {
      outside.remove();
    }
  });
});

describe('panel height', () => {
  const innerHeight = window.innerHeight;
  afterEach(() => {
    Object.defineProperty(window, 'innerHeight', { value: innerHeight, configurable: true });
    jest.restoreAllMocks();
  });

  /** A window `height` px tall with the search input's bottom edge at 300 px. */
  function inputAt300In(height: number) {
    Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
    jest.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 256,
      bottom: 300,
      left: 0,
      right: 408,
      width: 408,
      height: 44,
      x: 0,
      y: 256,
      toJSON: () => ({}),
    });
  }

  it('is the space below the input minus 50 px, measured again on resize', async () => {
    inputAt300In(700);
    await withBohneSuggestions();
    const panel = screen.getByRole('listbox');
    expect(panel.style.getPropertyValue('--shd-search-panel-max-height')).toBe('350px');

    Object.defineProperty(window, 'innerHeight', { value: 500, configurable: true });
    await act(async () => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(panel.style.getPropertyValue('--shd-search-panel-max-height')).toBe('150px');
  });

  it('ends above an on-screen keyboard (the visual viewport shorter than the window), measured again as it moves', async () => {
    inputAt300In(700);
    const viewport = Object.assign(new EventTarget(), { height: 420, offsetTop: 0, scale: 1 });
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
    try {
      await withBohneSuggestions();
      const panel = screen.getByRole('listbox');
      expect(panel.style.getPropertyValue('--shd-search-panel-max-height')).toBe('70px');
      // iOS scrolls the visible area down over the page: more of it shows below the input.
      viewport.offsetTop = 100;
      await act(async () => {
        viewport.dispatchEvent(new Event('scroll'));
      });
      expect(panel.style.getPropertyValue('--shd-search-panel-max-height')).toBe('170px');
    } finally {
      Object.defineProperty(window, 'visualViewport', { configurable: true, value: undefined });
    }
  });

  it('is 0, not below, when the input sits less than 50 px above the window bottom', async () => {
    inputAt300In(320);
    await withBohneSuggestions();
    expect(screen.getByRole('listbox').style.getPropertyValue('--shd-search-panel-max-height')).toBe('0px');
  });
});

describe('pre-fill', () => {
  it('fills the box from ?query= of the page without asking for suggestions', async () => {
    window.history.replaceState(null, '', '/search?query=kaffee&site=DE');
    const service = fakeService();
    const { input, onNavigate } = await renderSearchBox();

    expect(input).toHaveValue('kaffee');
    expect(service.calls).toHaveLength(0);
    await press(input, 'Enter');
    expect(onNavigate).toHaveBeenCalledWith('/search?query=kaffee&site=DE&filters=availability-available');
  });

  it('a text typed into the page\'s own field before the box came is kept and its suggestions shown', async () => {
    window.history.replaceState(null, '', '/search?query=kaffee&site=DE');
    const service = serviceAnswering(BOHNE_ANSWER);
    const { input } = await renderSearchBox({ defaultValue: 'bohne' });
    await flush();
    expect(input).toHaveValue('bohne');
    expect(service.queries()).toEqual(['bohne']);
    expect(options()).toHaveLength(4);
  });

  it('the page\'s own field holding just the query parameter asks for nothing', async () => {
    window.history.replaceState(null, '', '/search?query=kaffee&site=DE');
    const service = fakeService();
    const { input } = await renderSearchBox({ defaultValue: 'kaffee' });
    await flush();
    expect(input).toHaveValue('kaffee');
    expect(service.calls).toHaveLength(0);
  });
});

describe('sites', () => {
  it('PL asks for the PL suggestions and speaks Polish', async () => {
    const service = serviceAnswering(BOHNE_ANSWER);
    const { input } = await renderSearchBox({}, 'PL');

    expect(screen.getByRole('combobox', { name: 'Wyszukiwana fraza' })).toBe(input);
    expect(input).toHaveAttribute('placeholder', 'Czego szukasz?');
    expect(screen.getByRole('button', { name: 'Szukaj' })).toBeInTheDocument();

    await type(input, 'bohne');
    expect(service.calls[0].url).toContain('site=PL');
    expect(screen.getByRole('listbox', { name: 'Podpowiedzi wyszukiwania' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Wyszukiwane frazy' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Produkty' })).toBeInTheDocument();
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Liczba podpowiedzi: 4'), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Wyczyść pole' })).toBeInTheDocument();
  });

  it('CH writes "ss" for "ß"', async () => {
    fakeService();
    await renderSearchBox({ variant: 'overlay' }, 'CH');
    expect(screen.getByRole('button', { name: 'Suche schliessen' })).toBeInTheDocument();
  });
});
