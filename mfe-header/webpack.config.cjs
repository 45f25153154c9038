const { federated } = require('../build/federation.cjs');

/**
 * The header remote: its React component, a framework-agnostic mount(), and the promotion
 * renderer content pages place (category banner, phase integration).
 */
module.exports = (_env, argv) =>
  federated({
    name: 'header',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './Header': './src/Header.tsx',
      './mount': './src/mount.tsx',
      './Promotion': './src/features/promotions/mount.tsx',
      './SearchField': './src/SearchField.tsx',
    },
  });
