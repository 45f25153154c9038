/**
 * The page's promotion places: the header fragment's renderer takes over the server's copy of a
 * promotion only once it shows one; until then, and when it fails or is missing, the copy stays.
 */
import { fillPromotionSlots } from '../src/promotionSlots';
import { loadFragment } from '../src/federation';

jest.mock('../src/federation', () => ({ loadFragment: jest.fn() }));
const load = loadFragment as jest.MockedFunction<typeof loadFragment>;

type Props = { id: string; onShown?: () => void; onFailed?: () => void };

function page(): { withCopy: HTMLElement; copy: HTMLElement; empty: HTMLElement } {
  document.body.innerHTML = `
    <div data-promotion-slot="category-coffee"><div data-static-promotion><h2>Kaffee</h2><a href="/kaffee/espresso">Espresso</a></div></div>
    <div data-promotion-slot="phase-weekly"></div>`;
  const [withCopy, empty] = [...document.querySelectorAll<HTMLElement>('[data-promotion-slot]')];
  return { withCopy, copy: withCopy.querySelector('[data-static-promotion]') as HTMLElement, empty };
}

/** A fake `mountPromotion` that records where and with what it was mounted. */
function fakeRenderer() {
  const mounts: { element: Element; props: Props }[] = [];
  load.mockResolvedValue({ mountPromotion: (element: Element, props: Props) => mounts.push({ element, props }) });
  return mounts;
}

afterEach(() => load.mockReset());

it('keeps the server’s copy while the fragment has no promotion, and swaps it for the fragment’s once shown', async () => {
  const { withCopy, copy, empty } = page();
  const mounts = fakeRenderer();

  await fillPromotionSlots();

  expect(load).toHaveBeenCalledWith('header/Promotion');
  const [first, second] = mounts;
  // A place without a copy is the fragment's own; a place with one gets a hidden container.
  expect(second).toEqual({ element: empty, props: { id: 'phase-weekly' } });
  expect(first.props.id).toBe('category-coffee');
  expect(first.element.parentElement).toBe(withCopy);
  expect((first.element as HTMLElement).hidden).toBe(true);
  expect(copy.hidden).toBe(false);

  first.element.textContent = 'Kaffee für jeden Geschmack';
  first.props.onShown?.();
  expect(copy.hidden).toBe(true);
  expect((first.element as HTMLElement).hidden).toBe(false);
});

it('leaves a place without a promotion id alone (no renderer, no call for an empty id)', async () => {
  page();
  document.body.insertAdjacentHTML('beforeend', '<div data-promotion-slot=""></div><div data-promotion-slot></div>');
  const mounts = fakeRenderer();
  await fillPromotionSlots();
  expect(mounts.map((mount) => mount.props.id)).toEqual(['category-coffee', 'phase-weekly']);
});

it('brings the copy back when the renderer stops after an error, also after it had shown its own', async () => {
  const { copy } = page();
  const mounts = fakeRenderer();
  await fillPromotionSlots();
  const [first] = mounts;
  first.props.onShown?.();
  expect(copy.hidden).toBe(true);

  first.props.onFailed?.();
  expect(copy.hidden).toBe(false);
  expect((first.element as HTMLElement).hidden).toBe(true);
});

it('waits with the swap while the focus is on a link of the copy, and swaps once it leaves', async () => {
  jest.useFakeTimers();
  try {
    const { copy } = page();
    const mounts = fakeRenderer();
    await fillPromotionSlots();
    const link = copy.querySelector('a') as HTMLAnchorElement;
    link.focus();

    mounts[0].props.onShown?.();
    expect(copy.hidden).toBe(false);
    link.blur();
    jest.runOnlyPendingTimers();
    expect(copy.hidden).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});

it('leaves the copy when the fragment cannot be loaded', async () => {
  const { copy, withCopy } = page();
  load.mockResolvedValue(undefined);

  await fillPromotionSlots();

  expect(copy.hidden).toBe(false);
  expect(withCopy.children).toHaveLength(1);
});
