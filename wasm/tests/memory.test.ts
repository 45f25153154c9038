import { readFileSync } from 'node:fs';
import path from 'node:path';

// The browser module's allocator (ADR 0011), driven through the very entry points the glue
// uses for every string and structured value (`__wbindgen_malloc` / `__wbindgen_free`), on the
// browser build itself. A shopper's page calls the core for hours, so what a call gives back
// must serve the next call instead of growing the module's memory.
const bytes = readFileSync(path.join(__dirname, '../pkg/shop_core_wasm_bg.wasm'));
const compiled = new WebAssembly.Module(bytes);

/** A fresh instance with inert imports: only the allocator's exports are called. */
function allocator() {
  const imports: Record<string, Record<string, WebAssembly.ImportValue>> = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(compiled)) {
    imports[from] ??= {};
    if (kind === 'function') imports[from][name] = () => undefined;
    if (kind === 'table') imports[from][name] = new WebAssembly.Table({ initial: 1, element: 'externref' });
  }
  const exports = new WebAssembly.Instance(compiled, imports).exports as {
    memory: WebAssembly.Memory;
    __wbindgen_malloc(size: number, align: number): number;
    __wbindgen_realloc(pointer: number, size: number, newSize: number, align: number): number;
    __wbindgen_free(pointer: number, size: number, align: number): void;
  };
  return exports;
}

const MB = 1024 * 1024;

test('5 GB of 2 MB blocks taken and given back: memory stays put (it can never pass 4 GiB)', () => {
  const core = allocator();
  const before = core.memory.buffer.byteLength;
  for (let call = 0; call < 2_500; call += 1) {
    const pointer = core.__wbindgen_malloc(2 * MB, 1);
    expect(pointer).toBeGreaterThan(0);
    new Uint8Array(core.memory.buffer, pointer, 2 * MB).fill(call & 0xff);
    core.__wbindgen_free(pointer, 2 * MB, 1);
  }
  expect(core.memory.buffer.byteLength - before).toBeLessThan(8 * MB);
});

test('blocks are distinct while held, keep their contents, and grow in place within their class', () => {
  const core = allocator();
  const held = Array.from({ length: 64 }, (_, index) => {
    const size = 1 + ((index * 997) % 5_000);
    const pointer = core.__wbindgen_malloc(size, 1);
    new Uint8Array(core.memory.buffer, pointer, size).fill(index);
    return { pointer, size, index };
  });
  for (const { pointer, size, index } of held) {
    expect(new Uint8Array(core.memory.buffer, pointer, size).every((byte) => byte === index)).toBe(true);
  }
  const spans = held.map(({ pointer, size }) => [pointer, pointer + size]).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i += 1) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);

  const text = core.__wbindgen_malloc(20, 1);
  new Uint8Array(core.memory.buffer, text, 20).set(new TextEncoder().encode('twenty bytes of text'));
  expect(core.__wbindgen_realloc(text, 20, 30, 1)).toBe(text);
  const moved = core.__wbindgen_realloc(text, 30, 300, 1);
  expect(new TextDecoder().decode(new Uint8Array(core.memory.buffer, moved, 20))).toBe('twenty bytes of text');
});

test('mixed sizes, 1 byte to 2 MB, reuse their blocks round after round', () => {
  const core = allocator();
  const round = () => {
    const taken = Array.from({ length: 22 }, (_, shift) => [core.__wbindgen_malloc(1 << shift, 1), 1 << shift]);
    for (const [pointer, size] of taken) core.__wbindgen_free(pointer, size, 1);
  };
  round();
  const afterFirst = core.memory.buffer.byteLength;
  for (let i = 0; i < 200; i += 1) round();
  expect(core.memory.buffer.byteLength).toBe(afterFirst);
});

test("a service answer longer than any reader reads is refused without taking room in the module's memory", () => {
  // A fresh instance of the Node build, its memory caught as it is made.
  let memory: WebAssembly.Memory | undefined;
  const Instance = WebAssembly.Instance;
  let core: typeof import('@shop/core') | undefined;
  try {
    (WebAssembly as { Instance: unknown }).Instance = function (module: WebAssembly.Module, imports: WebAssembly.Imports) {
      const instance = new Instance(module, imports);
      memory = instance.exports.memory as WebAssembly.Memory;
      return instance;
    };
    jest.isolateModules(() => {
      core = require('../pkg-node/shop_core_wasm.js');
    });
  } finally {
    (WebAssembly as { Instance: unknown }).Instance = Instance;
  }
  if (!core || !memory) throw new Error('the Node build was not instantiated');
  const before = memory.buffer.byteLength;
  // 8 MB of a broken proxy's answer, to each reader of a service answer: each refuses it as it
  // refuses an empty body, and the module's memory (which never gives room back) stays put.
  const huge = `{"articles":[${'{},'.repeat(2_800_000)}{}]}`;
  expect(core.parseCartAnswer(200, huge)).toEqual(core.parseCartAnswer(200, ''));
  expect(core.addToCartOutcome(200, huge)).toEqual(core.addToCartOutcome(200, ''));
  expect(core.parseSuggestions(huge, 'kaffee', 'DE')).toEqual({ terms: [], products: [] });
  expect(core.parseNavigation(huge)).toBeUndefined();
  expect(core.parseFooter(huge)).toBeUndefined();
  expect(core.mapSignupResponse(400, huge)).toEqual(core.mapSignupResponse(400, ''));
  expect(memory.buffer.byteLength - before).toBeLessThan(MB);
  // A real answer is still read by the same instance.
  expect(core.parseCartAnswer(200, '{"numberOfArticles":0}')).toMatchObject({ kind: 'cart' });
});
