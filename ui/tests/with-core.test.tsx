/**
 * WithCore: a fragment renders once the core has loaded, and not a moment later; a core that
 * fails to load reaches the fragment's error boundary (the shell then shows the static part
 * again) instead of leaving the slot empty for good.
 */
import { Component, use, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';

/** The page's core load as the test drives it, marked once settled as `wasm/index.js` marks it. */
interface Load {
  promise: Promise<string>;
  settled: boolean;
  resolve(value: string): void;
  reject(reason: unknown): void;
}

let mockLoad: Load;

function newLoad(): Load {
  const load = { settled: false } as Load;
  load.promise = new Promise<string>((resolve, reject) => Object.assign(load, { resolve, reject }));
  load.promise.then(
    (value) => {
      Object.assign(load.promise, { status: 'fulfilled', value });
      load.settled = true;
    },
    (reason: unknown) => {
      Object.assign(load.promise, { status: 'rejected', reason });
      load.settled = true;
    },
  );
  mockLoad = load;
  return load;
}

jest.mock('@shop/core', () => ({
  ready: () => mockLoad.promise,
  readySettled: () => mockLoad.settled,
}));

// After the mock: WithCore reads the mocked core.
import { WithCore } from '../src/fragment/WithCore';
import { LOAD_TIMEOUT_MS, timeLimited, within } from '../src/fragment/loadTimeout';

function Fragment() {
  return <p>{use(mockLoad.promise)}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p>Statische Kopfzeile</p> : this.props.children;
  }
}

test('renders nothing while the core loads, the fragment as soon as it is in, and at once when it is already in', async () => {
  const load = newLoad();
  const first = render(
    <WithCore>
      <Fragment />
    </WithCore>,
  );
  expect(first.container.textContent).toBe('');
  await act(async () => {
    load.resolve('Kopfzeile');
    await load.promise;
  });
  expect(screen.getByText('Kopfzeile')).toBeInTheDocument();

  // A fragment mounted later (the mini cart on first hover) renders in its first pass.
  const later = render(
    <WithCore>
      <Fragment />
    </WithCore>,
  );
  expect(later.container.textContent).toBe('Kopfzeile');
});

test("a core that fails to load shows the boundary's fallback", async () => {
  const load = newLoad();
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <Boundary>
      <WithCore>
        <Fragment />
      </WithCore>
    </Boundary>,
  );
  expect(screen.queryByText('Statische Kopfzeile')).toBeNull();
  await act(async () => {
    load.reject(new Error('the .wasm did not load'));
    await load.promise.catch(() => undefined);
  });
  expect(screen.getByText('Statische Kopfzeile')).toBeInTheDocument();
  error.mockRestore();
});

test("a core that has not come after the load time limit counts as failed: the boundary's fallback, not an empty slot for good", async () => {
  jest.useFakeTimers();
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const load = newLoad();
    render(
      <Boundary>
        <WithCore>
          <Fragment />
        </WithCore>
      </Boundary>,
    );
    await act(async () => {
      jest.advanceTimersByTime(LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByText('Statische Kopfzeile')).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByText('Statische Kopfzeile')).toBeInTheDocument();
    // Arriving late changes nothing.
    await act(async () => {
      load.resolve('Kopfzeile');
      await load.promise;
    });
    expect(screen.queryByText('Kopfzeile')).toBeNull();
  } finally {
    error.mockRestore();
    jest.useRealTimers();
  }
});

test('within: the promise when it comes in time, a rejection when it does not', async () => {
  await expect(within(Promise.resolve('da'), 50)).resolves.toBe('da');
  await expect(within(new Promise(() => undefined), 10)).rejects.toThrow('not there after 10 ms');
});

test('timeLimited: a call\'s signal ends with its owner\'s, or once its time is up', () => {
  jest.useFakeTimers();
  try {
    const owner = new AbortController();
    const signal = timeLimited(owner.signal, 100);
    jest.advanceTimersByTime(99);
    expect(signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');

    const ended = new AbortController();
    const followed = timeLimited(ended.signal, 100);
    ended.abort('gone');
    expect(followed.aborted).toBe(true);
    expect(followed.reason).toBe('gone');
    // An owner that has already ended gives an ended signal; no owner, the time alone.
    expect(timeLimited(ended.signal).aborted).toBe(true);
    const alone = timeLimited(undefined, 10);
    jest.advanceTimersByTime(10);
    expect(alone.aborted).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});
