const { federated } = require('../build/federation.cjs');

/** The newsletter remote: its React component and a framework-agnostic mount(). */
module.exports = (_env, argv) =>
  federated({
    name: 'newsletter',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './Newsletter': './src/Newsletter.tsx',
      './mount': './src/mount.tsx',
    },
  });
