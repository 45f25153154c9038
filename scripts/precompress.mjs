// Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text or
// WebAssembly file of the given build folders, for the server to send as they are (ADR 0009):
// compressing once at build time at the highest levels beats compressing per request.
// Usage: node scripts/precompress.mjs shell/dist mfe-header/dist ...
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing: text and WebAssembly; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|wasm|json|html|svg|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const SMALLEST_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

function fresh(copy, source) {
  try {
    return statSync(copy).mtimeMs >= statSync(source).mtimeMs;
  } catch {
    return false;
  }
}

let written = 0;
let original = 0;
let brotli = 0;
for (const dir of process.argv.slice(2)) {
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < SMALLEST_BYTES) continue;
    original += bytes.length;
    if (!fresh(`${path}.br`, path)) {
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      );
      written += 1;
    }
    if (!fresh(`${path}.gz`, path)) {
      writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    }
    brotli += statSync(`${path}.br`).size;
  }
}
console.log(
  `[precompress] ${written} file(s) compressed; ${(original / 1024).toFixed(1)} KB -> ` +
    `${(brotli / 1024).toFixed(1)} KB as Brotli`,
);
