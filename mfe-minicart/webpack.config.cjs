const { federated } = require('../build/federation.cjs');

/** The mini cart remote: its React component and a framework-agnostic mount(). */
module.exports = (_env, argv) =>
  federated({
    name: 'minicart',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './MiniCart': './src/MiniCart.tsx',
      './mount': './src/mount.tsx',
    },
  });
