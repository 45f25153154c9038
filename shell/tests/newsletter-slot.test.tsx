/**
 * The shell's sign-up slot: the fragment replaces the static part once it has rendered; when it
 * cannot load or throws, the static part stays and shows the server's own form instead of the
 * loading notice, so the shopper can still sign up.
 */
import { act } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { shellConfig } from './shellConfig';
import { mountNewsletter, type NewsletterProps } from '../src/newsletterSlot';
import { loadFragment } from '../src/federation';

jest.mock('../src/federation', () => ({ loadFragment: jest.fn() }));
const load = loadFragment as jest.MockedFunction<typeof loadFragment>;

const config = shellConfig('HU', { pageType: 'newsletter' });

function page(): { slot: HTMLElement; staticPart: HTMLElement } {
  document.body.innerHTML = `
    <div id="shell-newsletter"><div data-static-newsletter>
      <p class="shell-newsletter__loading">loading</p><div class="shell-signup"><form></form></div>
    </div></div>`;
  const slot = document.getElementById('shell-newsletter') as HTMLElement;
  return { slot, staticPart: slot.querySelector('[data-static-newsletter]') as HTMLElement };
}

afterEach(() => load.mockReset());

it('shows the server\'s form when the fragment cannot load', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  load.mockResolvedValue(undefined);
  const { staticPart } = page();
  await expect(mountNewsletter(config)).resolves.toBe(false);
  expect(staticPart.hidden).toBe(false);
  expect(staticPart.classList.contains('shell-newsletter--fallback')).toBe(true);
  warn.mockRestore();
});

it('swaps the static part out once the fragment is ready, with the page\'s facts', async () => {
  const received: NewsletterProps[] = [];
  function Newsletter(props: NewsletterProps) {
    received.push(props);
    return <p>the sign-up</p>;
  }
  load.mockResolvedValue({ default: Newsletter });
  const { slot, staticPart } = page();
  await act(async () => {
    await mountNewsletter(config);
  });
  expect(received[0]).toMatchObject({ site: 'HU', basePath: '/hu', origin: 'NEWSLETTER' });
  expect(staticPart.hidden).toBe(false);
  await act(async () => received[0].onReady());
  expect(staticPart.hidden).toBe(true);
  expect(staticPart.classList.contains('shell-newsletter--fallback')).toBe(false);
  expect(slot.querySelector('.shell-newsletter-app')).toHaveTextContent('the sign-up');
});

it("hands the page's CSRF cookie name to the sign-up, so a logged-in customer's form is filled on a page that names its own", async () => {
  const received: NewsletterProps[] = [];
  function Newsletter(props: NewsletterProps) {
    received.push(props);
    return <p>the sign-up</p>;
  }
  load.mockResolvedValue({ default: Newsletter });
  page();
  await act(async () => {
    await mountNewsletter(shellConfig('HU', { pageType: 'newsletter', csrfCookie: 'XSRF-TOKEN' }));
  });
  expect(received[0]).toMatchObject({ csrfCookie: 'XSRF-TOKEN' });
});

it('shows the server\'s form when the fragment throws after it took over', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let breakNextRender: (() => void) | undefined;
  function Newsletter({ onReady }: NewsletterProps) {
    const [broken, setBroken] = useState(false);
    breakNextRender = () => setBroken(true);
    useLayoutEffect(() => onReady(), [onReady]);
    if (broken) throw new Error('broken sign-up');
    return <p>the sign-up</p>;
  }
  load.mockResolvedValue({ default: Newsletter });
  const { staticPart } = page();
  await act(async () => {
    await mountNewsletter(config);
  });
  expect(staticPart.hidden).toBe(true);
  await act(async () => breakNextRender?.());
  expect(staticPart.hidden).toBe(false);
  expect(staticPart.classList.contains('shell-newsletter--fallback')).toBe(true);
  warn.mockRestore();
  error.mockRestore();
});

it('hands what the shopper entered to the server\'s form when the fragment throws', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  document.body.innerHTML = `
    <div id="shell-newsletter"><div data-static-newsletter>
      <p class="shell-newsletter__loading">loading</p><div class="shell-signup"><form>
        <input name="email" value=""><input type="radio" name="salutation" value="MRS"><input type="radio" name="salutation" value="MR">
        <input name="lastName" value=""><input type="checkbox" name="consents" value="DNE"><input name="website" tabindex="-1" value="">
      </form></div>
    </div></div>`;
  let breakNextRender: (() => void) | undefined;
  function Newsletter({ onReady }: NewsletterProps) {
    const [broken, setBroken] = useState(false);
    breakNextRender = () => setBroken(true);
    useLayoutEffect(() => onReady(), [onReady]);
    if (broken) throw new Error('broken sign-up');
    return (
      <form>
        <input aria-label="E-Mail" name="email" />
        <input aria-label="Herr" type="radio" name="salutation" value="MR" />
        <input aria-label="Nachname" name="lastName" />
        {/* As the fragment's own boxes: no value attribute (the browser's "on"). */}
        <input aria-label="Angebote" type="checkbox" name="consents" />
        <input aria-label="Falle" name="website" tabIndex={-1} />
      </form>
    );
  }
  load.mockResolvedValue({ default: Newsletter });
  await act(async () => {
    await mountNewsletter(config);
  });
  const type = (label: string, value: string) => {
    const field = document.querySelector<HTMLInputElement>(`.shell-newsletter-app input[aria-label="${label}"]`)!;
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const tick = (label: string) => {
    const field = document.querySelector<HTMLInputElement>(`.shell-newsletter-app input[aria-label="${label}"]`)!;
    field.checked = true;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  };
  type('E-Mail', 'anna@example.com');
  tick('Herr');
  type('Nachname', 'Kovács');
  tick('Angebote');
  type('Falle', 'bot');
  await act(async () => breakNextRender?.());
  const server = document.querySelector('[data-static-newsletter] form') as HTMLFormElement;
  const value = (name: string) => (server.elements.namedItem(name) as HTMLInputElement).value;
  expect(value('email')).toBe('anna@example.com');
  expect(value('lastName')).toBe('Kovács');
  expect((server.querySelector('input[value="MR"]') as HTMLInputElement).checked).toBe(true);
  expect((server.querySelector('input[value="MRS"]') as HTMLInputElement).checked).toBe(false);
  expect((server.querySelector('input[name="consents"]') as HTMLInputElement).checked).toBe(true);
  expect(value('website')).toBe('');
  warn.mockRestore();
  error.mockRestore();
});
