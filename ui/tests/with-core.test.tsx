/**
 * WithCore: a fragment renders once the core has loaded, and not a moment later (a failed load:
 * with-core-failure.test.tsx).
 */
import { use } from 'react';
import { act, render, screen } from '@testing-library/react';

/** The page's core load, resolved by the test (and marked as `wasm/index.js` marks it). */
let resolveLoad!: (value: string) => void;
const load = new Promise<string>((resolve) => {
  resolveLoad = resolve;
});
let loaded = false;
load.then((value) => {
  Object.assign(load, { status: 'fulfilled', value });
  loaded = true;
});

jest.mock('@shop/core', () => ({
  ready: () => load,
  readySettled: () => loaded,
}));

// After the mock: WithCore reads the mocked core.
import { WithCore } from '../src/fragment/WithCore';

function Fragment() {
  return <p>{use(load)}</p>;
}

test('renders nothing while the core loads, the fragment as soon as it is in, and at once when it is already in', async () => {
  const first = render(
    <WithCore>
      <Fragment />
    </WithCore>,
  );
  expect(first.container.textContent).toBe('');
  await act(async () => {
    resolveLoad('Kopfzeile');
    await load;
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
