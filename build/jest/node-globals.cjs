// jsdom leaves out Node's TextEncoder/TextDecoder, which the core's wasm-bindgen glue uses.
const { TextDecoder, TextEncoder } = require('node:util');
Object.assign(globalThis, { TextDecoder, TextEncoder });
