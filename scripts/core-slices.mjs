// What each fragment's share of the core weighs: a measurement for the size decision of
// issue 2 (docs/adr/0010), not a build step. For every consumer it finds the core exports its
// source calls, cuts the browser .wasm down to them (the export section rewritten, everything
// unreachable removed by wasm-opt -Oz) and prints raw, gzip and Brotli sizes. The floor is the
// module with no rule exported at all: allocator, wasm-bindgen runtime, panic paths, data.
// Usage: npm run build:core && node scripts/core-slices.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const WASM = 'wasm/pkg/shop_core_wasm_bg.wasm';
const DECLARATIONS = 'wasm/pkg/shop_core_wasm.d.ts';
const CONSUMERS = ['mfe-header', 'mfe-minicart', 'mfe-footer', 'mfe-newsletter', 'mfe-preview', 'ui', 'shell'];
const EXPORT_SECTION = 7;

const rules = [...readFileSync(DECLARATIONS, 'utf8').matchAll(/^export function (\w+)/gm)].map((m) => m[1]);

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== '__tests__') yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield readFileSync(path, 'utf8');
  }
}

/** The rules a consumer's source names (whole words), tests left out. */
function rulesUsedBy(consumer) {
  const text = [...sources(join(consumer, 'src'))].join('\n');
  return rules.filter((rule) => new RegExp(`\\b${rule}\\b`).test(text));
}

function leb128(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

function toLeb128(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return Buffer.from(out);
}

/** The module with only `keep` of the rules exported (wasm-bindgen's own exports stay). */
function withExports(module, keep) {
  const parts = [module.subarray(0, 8)];
  let at = 8;
  while (at < module.length) {
    const id = module[at];
    const [size, body] = leb128(module, at + 1);
    const end = body + size;
    if (id !== EXPORT_SECTION) {
      parts.push(module.subarray(at, end));
    } else {
      let [count, entry] = leb128(module, body);
      const kept = [];
      while (count--) {
        const [length, name] = leb128(module, entry);
        const exported = module.subarray(name, name + length).toString('utf8');
        const [, next] = leb128(module, name + length + 1); // kind byte, then the index
        if (!rules.includes(exported) || keep.includes(exported)) kept.push(module.subarray(entry, next));
        entry = next;
      }
      const section = Buffer.concat([toLeb128(kept.length), ...kept]);
      parts.push(Buffer.from([EXPORT_SECTION]), toLeb128(section.length), section);
    }
    at = end;
  }
  return Buffer.concat(parts);
}

const work = mkdtempSync(join(tmpdir(), 'core-slices-'));
const module = readFileSync(WASM);
const sizeOf = (keep) => {
  const input = join(work, 'in.wasm');
  const output = join(work, 'out.wasm');
  writeFileSync(input, withExports(module, keep));
  execFileSync('node_modules/.bin/wasm-opt', [
    '-Oz', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-reference-types',
    '--enable-multivalue', '--strip-debug', '--strip-producers', '-o', output, input,
  ]);
  const bytes = readFileSync(output);
  return {
    rules: keep.length,
    'raw KB': (bytes.length / 1024).toFixed(1),
    'gzip KB': (gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1),
    'Brotli KB': (brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024).toFixed(1),
  };
};

const used = Object.fromEntries(CONSUMERS.map((consumer) => [consumer, rulesUsedBy(consumer)]));
const homePage = [...new Set([...used['mfe-header'], ...used.ui, ...used.shell])];
const table = {
  'whole core': sizeOf(rules),
  'floor (no rule)': sizeOf([]),
  ...Object.fromEntries(CONSUMERS.map((consumer) => [consumer, sizeOf(used[consumer])])),
  'home page (header, ui, shell)': sizeOf(homePage),
};
console.table(table);
