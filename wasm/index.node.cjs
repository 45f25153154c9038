// @shop/core in Node (Jest, scripts): the CommonJS build is instantiated on require, so
// ready() resolves at once and readySettled() is true. The same promise for every caller, as
// in the browser.
const core = require('./pkg-node/shop_core_wasm.js');

// Marked settled as React's `use` reads a promise, as the browser's is once instantiated.
const loaded = Object.assign(Promise.resolve(core), { status: 'fulfilled', value: core });
module.exports = { ...core, ready: () => loaded, readyOrRetry: () => loaded, readySettled: () => true };
