/**
 * WithCore: a core that fails to load reaches the fragment's error boundary (the shell then
 * shows the static part again), instead of leaving the slot empty for good.
 */
import { Component, use, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';

/** The page's core load, failed by the test (and marked as `wasm/index.js` marks it). */
let fail!: (reason: unknown) => void;
const load = new Promise<string>((_, reject) => {
  fail = reject;
});
let failed = false;
load.then(undefined, (reason: unknown) => {
  Object.assign(load, { status: 'rejected', reason });
  failed = true;
});

jest.mock('@shop/core', () => ({
  ready: () => load,
  readySettled: () => failed,
}));

import { WithCore } from '../src/fragment/WithCore';

function Fragment() {
  return <p>{use(load)}</p>;
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

test("a core that fails to load shows the boundary's fallback", async () => {
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
    fail(new Error('the .wasm did not load'));
    await load.catch(() => undefined);
  });
  expect(screen.getByText('Statische Kopfzeile')).toBeInTheDocument();
  error.mockRestore();
});
