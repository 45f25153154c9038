const { federated } = require('../build/federation.cjs');

/**
 * The newsletter remote: its React component, a framework-agnostic mount(), and the newsletter
 * service's client for other pages (a subscriber's settings, a double opt-in page).
 */
module.exports = (_env, argv) =>
  federated({
    name: 'newsletter',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './Newsletter': './src/Newsletter.tsx',
      './mount': './src/mount.tsx',
      './client': './src/client.ts',
    },
  });
