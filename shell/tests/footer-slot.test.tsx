/**
 * The shell's footer slot: the fragment loads only near the viewport, takes the site links of
 * the static footer for its site switcher, replaces the static footer once it has rendered,
 * and gives the static footer back when it is unavailable or throws.
 */
import { act } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { shellConfig } from './shellConfig';
import { mountFooter, siteHomes, whenNearViewport, type FooterProps } from '../src/footerSlot';
import { loadFragment } from '../src/federation';

jest.mock('../src/federation', () => ({ loadFragment: jest.fn() }));
const load = loadFragment as jest.MockedFunction<typeof loadFragment>;

const config = shellConfig('AT');

function page(): { slot: HTMLElement; staticFooter: HTMLElement } {
  document.body.innerHTML = `
    <footer id="shell-footer"><div data-static-footer>
      <nav><ul><li><a data-site="DE" href="/">DE</a></li><li><a data-site="AT" href="/at/" aria-current="page">AT</a></li><li><a href="/elsewhere">x</a></li></ul></nav>
    </div></footer>`;
  const slot = document.getElementById('shell-footer') as HTMLElement;
  return { slot, staticFooter: slot.querySelector('[data-static-footer]') as HTMLElement };
}

afterEach(() => {
  load.mockReset();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

it('reads the sites’ homes from the static footer’s site links', () => {
  expect(siteHomes(page().staticFooter)).toEqual({ DE: '/', AT: '/at/' });
});

describe('loading near the viewport', () => {
  it('waits until the slot is within the margin, then loads once', () => {
    let callback: IntersectionObserverCallback = () => undefined;
    const observe = jest.fn();
    const disconnect = jest.fn();
    const options: IntersectionObserverInit[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = jest.fn((cb: IntersectionObserverCallback, init: IntersectionObserverInit) => {
      callback = cb;
      options.push(init);
      return { observe, disconnect };
    });
    const loadFooter = jest.fn();
    const { slot } = page();
    whenNearViewport(slot, loadFooter);
    expect(observe).toHaveBeenCalledWith(slot);
    expect(options[0].rootMargin).toBe('0px 0px 200px 0px');
    callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(loadFooter).not.toHaveBeenCalled();
    callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(loadFooter).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
  });

  it('starts watching only once the page has loaded (before, its images are not laid out)', () => {
    const observe = jest.fn();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = jest.fn(() => ({ observe, disconnect: jest.fn() }));
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const { slot } = page();
    whenNearViewport(slot, jest.fn());
    expect(observe).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(observe).toHaveBeenCalledWith(slot);
    readyState.mockRestore();
  });

  it('loads at once in a browser without IntersectionObserver', () => {
    const loadFooter = jest.fn();
    whenNearViewport(page().slot, loadFooter);
    expect(loadFooter).toHaveBeenCalledTimes(1);
  });
});

describe('mounting', () => {
  it('keeps the static footer when the fragment is unavailable', async () => {
    load.mockResolvedValue(undefined);
    const { staticFooter } = page();
    await expect(mountFooter(config)).resolves.toBe(false);
    expect(staticFooter.hidden).toBe(false);
  });

  it('hands the page’s facts to the fragment and swaps the static footer out once it is ready', async () => {
    const received: FooterProps[] = [];
    function Footer(props: FooterProps) {
      received.push(props);
      return <p>the footer</p>;
    }
    load.mockResolvedValue({ default: Footer });
    const { slot, staticFooter } = page();
    await act(async () => {
      await mountFooter({ ...config, pageType: 'newsletter' });
    });
    expect(load).toHaveBeenCalledWith('footer/Footer');
    expect(received[0]).toMatchObject({ site: 'AT', pageType: 'newsletter', basePath: '/at', newsletterFormHidden: true, siteHomes: { DE: '/', AT: '/at/' } });
    // Not ready yet: the static footer stays.
    expect(staticFooter.hidden).toBe(false);
    await act(async () => received[0].onReady());
    expect(staticFooter.hidden).toBe(true);
    expect(slot.querySelector('.shell-footer-app')).toHaveTextContent('the footer');
  });

  it('gives the static footer back when the fragment throws after it took over', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let breakNextRender: (() => void) | undefined;
    function Footer({ onReady }: FooterProps) {
      const [broken, setBroken] = useState(false);
      breakNextRender = () => setBroken(true);
      useLayoutEffect(() => onReady(), [onReady]);
      if (broken) throw new Error('broken footer');
      return <p>the footer</p>;
    }
    load.mockResolvedValue({ default: Footer });
    const { slot, staticFooter } = page();
    await act(async () => {
      await mountFooter(config);
    });
    // It took over: the static footer is hidden.
    expect(staticFooter.hidden).toBe(true);
    await act(async () => breakNextRender?.());
    expect(staticFooter.hidden).toBe(false);
    expect((slot.querySelector('.shell-footer-app') as HTMLElement).hidden).toBe(true);
    expect(warn).toHaveBeenCalledWith('[shell] the footer fragment stopped after an error', expect.any(Error));
    warn.mockRestore();
    error.mockRestore();
  });
});
