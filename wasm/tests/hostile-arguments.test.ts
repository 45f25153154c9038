import * as core from '@shop/core';

// Every export, called with arguments of the wrong kind, either returns or throws an ordinary
// error: `@shop/core: …` from the module, or JS's own TypeError when an argument cannot even be
// converted to a number (a Symbol, a BigInt) before the module is entered. Nothing may fault or unwind
// inside the module (a bogus string length, `unwrap_throw`, a trap): every fragment on the page
// shares the one instance.
const hostile: unknown[][] = [
  [],
  [42],
  [{}],
  [null],
  [undefined, undefined, undefined, undefined, undefined],
  [[], [], [], [], []],
  [{}, {}, {}, {}, {}],
  [42, 42, 42, 42, 42],
  ['DE', 'DE', 'DE', 'DE', 'DE'],
  [Number.NaN, -1, 1e308, Number.POSITIVE_INFINITY, 0.5],
  [true, false, true, false, true],
  [Symbol('x'), Symbol('y')],
  [BigInt(1), () => 1],
  [(() => { const cyclic: Record<string, unknown> = {}; cyclic.self = cyclic; return cyclic; })()],
  ['x'.repeat(100_000), 'y'.repeat(100_000)],
];

const api = core as unknown as Record<string, unknown>;
const exported = Object.keys(api).filter((name) => typeof api[name] === 'function');

test('the module exports its API', () => {
  expect(exported.length).toBeGreaterThan(100);
});

test.each(exported)('%s survives hostile arguments', (name) => {
  const fn = api[name] as (...args: unknown[]) => unknown;
  for (const args of hostile) {
    try {
      fn(...args);
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      const { message } = error as Error;
      if (error instanceof TypeError) {
        expect(message).toMatch(/^Cannot convert a (Symbol|BigInt) value to a number$/);
      } else {
        expect(message).toMatch(/^@shop\/core: /);
        expect(message.length).toBeLessThan(400);
      }
    }
  }
  // The shared instance still works.
  expect(core.formatPrice(1999, 'DE')).toBe('19,99');
});
