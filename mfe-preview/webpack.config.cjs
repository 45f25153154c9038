const { federated } = require('../build/federation.cjs');

/** The staff preview panel remote: its React component and a framework-agnostic mount(). */
module.exports = (_env, argv) =>
  federated({
    name: 'preview',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './PreviewPanel': './src/PreviewPanel.tsx',
      './mount': './src/mount.tsx',
    },
  });
