/**
 * mountComponent: every fragment's mount(element, props) -> unmount. It renders, updates,
 * unmounts, and contains a failure so the host page goes on; a host page's ordinary mistakes
 * (update or unmount after unmount, a second mount on the same element) do no harm.
 */
import { act } from '@testing-library/react';
import { useEffect } from 'react';
import { mountComponent } from '@shop/ui';

function Greeting({ name }: { name: string }) {
  return <p>Hallo {name}</p>;
}

function Broken(): never {
  throw new Error('broken fragment');
}

test('renders into the host element, updates with changed props, and unmounts', async () => {
  const element = document.createElement('div');
  document.body.append(element);
  let unmount!: ReturnType<typeof mountComponent<{ name: string }>>;
  await act(async () => {
    unmount = mountComponent(element, Greeting, { name: 'Maria' }, 'test');
  });
  expect(element.textContent).toBe('Hallo Maria');
  await act(async () => unmount.update({ name: 'Max' }));
  expect(element.textContent).toBe('Hallo Max');
  await act(async () => unmount());
  expect(element.textContent).toBe('');
});

test('update() merges onto the props as last updated: each update keeps what the earlier ones changed', async () => {
  function Salutation({ greeting, name }: { greeting: string; name: string }) {
    return (
      <p>
        {greeting} {name}
      </p>
    );
  }
  const element = document.createElement('div');
  document.body.append(element);
  let unmount!: ReturnType<typeof mountComponent<{ greeting: string; name: string }>>;
  await act(async () => {
    unmount = mountComponent(element, Salutation, { greeting: 'Hallo', name: 'Maria' }, 'test');
  });
  expect(element.textContent).toBe('Hallo Maria');
  await act(async () => unmount.update({ name: 'Max' }));
  expect(element.textContent).toBe('Hallo Max');
  await act(async () => unmount.update({ greeting: 'Tschüss' }));
  expect(element.textContent).toBe('Tschüss Max');
  await act(async () => unmount.update({ name: 'Erika' }));
  expect(element.textContent).toBe('Tschüss Erika');
  await act(async () => unmount());
  element.remove();
});

test('a fragment that throws leaves its element empty and the page going on', async () => {
  const element = document.createElement('div');
  document.body.append(element);
  const sibling = document.createElement('p');
  sibling.textContent = 'Host page';
  document.body.append(sibling);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const onFailed = jest.fn();
  await act(async () => {
    mountComponent(element, Broken, {}, 'broken', onFailed);
  });
  expect(element.textContent).toBe('');
  expect(onFailed).toHaveBeenCalledTimes(1);
  expect(sibling.textContent).toBe('Host page');
  expect(warn).toHaveBeenCalledWith('[broken] stopped after an error', expect.any(Error));
  warn.mockRestore();
  error.mockRestore();
});

describe("a host page's mistakes", () => {
  type Handle = ReturnType<typeof mountComponent<{ name: string }>>;
  let element: HTMLElement;
  let consoleError: jest.SpyInstance;
  let uncaught: jest.Mock;

  beforeEach(() => {
    element = document.createElement('div');
    document.body.append(element);
    consoleError = jest.spyOn(console, 'error');
    uncaught = jest.fn((event: ErrorEvent) => event.preventDefault());
    window.addEventListener('error', uncaught);
  });

  afterEach(() => {
    window.removeEventListener('error', uncaught);
    // Neither React's warnings nor an error the page would see.
    expect(consoleError).not.toHaveBeenCalled();
    expect(uncaught).not.toHaveBeenCalled();
    consoleError.mockRestore();
    element.remove();
  });

  async function mountGreeting(name: string): Promise<Handle> {
    let handle!: Handle;
    await act(async () => {
      handle = mountComponent(element, Greeting, { name }, 'test');
    });
    return handle;
  }

  test('update() after unmount() does nothing', async () => {
    const unmount = await mountGreeting('Maria');
    await act(async () => unmount());
    await act(async () => {
      expect(() => unmount.update({ name: 'Max' })).not.toThrow();
    });
    expect(element.textContent).toBe('');
    expect(element.childNodes).toHaveLength(0);
  });

  test('unmount() twice does nothing the second time', async () => {
    const unmount = await mountGreeting('Maria');
    await act(async () => unmount());
    await act(async () => {
      expect(() => unmount()).not.toThrow();
    });
    expect(element.textContent).toBe('');
  });

  test('a second mount on the same element replaces the first: one tree, unmounted without an error', async () => {
    const first = await mountGreeting('Maria');
    const second = await mountGreeting('Max');
    expect(element.textContent).toBe('Hallo Max');
    expect(element.querySelectorAll('p')).toHaveLength(1);

    // The first mount's handle no longer reaches the element.
    await act(async () => first.update({ name: 'Erika' }));
    await act(async () => first());
    expect(element.textContent).toBe('Hallo Max');

    await act(async () => second.update({ name: 'Moritz' }));
    expect(element.textContent).toBe('Hallo Moritz');
    await act(async () => {
      expect(() => second()).not.toThrow();
    });
    expect(element.textContent).toBe('');
    expect(element.childNodes).toHaveLength(0);

    // The element takes a mount again afterwards.
    const third = await mountGreeting('Anna');
    expect(element.textContent).toBe('Hallo Anna');
    await act(async () => third());
    expect(element.textContent).toBe('');
  });

  test('the replaced mount cleans up, and the new one starts fresh after a failure', async () => {
    const cleanedUp = jest.fn();
    function Subscribed({ name }: { name: string }) {
      useEffect(() => cleanedUp, []);
      return <p>Abo {name}</p>;
    }
    await act(async () => {
      mountComponent(element, Subscribed, { name: 'Maria' }, 'test');
    });
    expect(element.textContent).toBe('Abo Maria');
    const second = await mountGreeting('Max');
    expect(cleanedUp).toHaveBeenCalledTimes(1);
    expect(element.textContent).toBe('Hallo Max');
    await act(async () => second());

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    // React reports the caught error on console.error; that one is expected here.
    consoleError.mockImplementation(() => {});
    await act(async () => {
      mountComponent(element, Broken, {}, 'broken');
    });
    expect(element.textContent).toBe('');
    warn.mockRestore();
    // Still recorded (afterEach: none from here on), no longer printed.
    consoleError.mockClear();
    const fresh = await mountGreeting('Max');
    expect(element.textContent).toBe('Hallo Max');
    await act(async () => fresh());
  });
});
