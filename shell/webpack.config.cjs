const path = require('node:path');
const { federated, browserConfig, EntriesPlugin } = require('../build/federation.cjs');

/**
 * Two builds: the shell (the Module Federation host of every shop page) and the plain host
 * page's script (no federation plugin, no React: it embeds fragments through mount()).
 */
module.exports = (_env, argv) => {
  const host = federated({
    name: 'shell',
    dir: __dirname,
    mode: argv.mode,
    entry: { shell: './src/index.ts' },
  });
  host.output.clean = { keep: /^embed\// };
  // Every shop page's header needs the core at once: its `.wasm` is fetched with the page.
  host.plugins.push(new EntriesPlugin('', { preload: /\.wasm$/ }));

  const embed = browserConfig({ name: 'embed', dir: __dirname, mode: argv.mode, entry: { embed: './src/embed.ts' } });
  embed.output.path = path.join(__dirname, 'dist/embed');
  embed.plugins.push(new EntriesPlugin('embed/'));
  return [host, embed];
};
