const { federated } = require('../build/federation.cjs');

/** The footer remote: its React component and a framework-agnostic mount(). */
module.exports = (_env, argv) =>
  federated({
    name: 'footer',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './Footer': './src/Footer.tsx',
      './mount': './src/mount.tsx',
    },
  });
