// @shop/core in Node (Jest, scripts): the CommonJS build is instantiated on require, so
// ready() resolves at once. The same promise for every caller, as in the browser.
const core = require('./pkg-node/shop_core_wasm.js');

const loaded = Promise.resolve(core);
module.exports = { ...core, ready: () => loaded };
