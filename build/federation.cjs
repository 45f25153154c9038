/**
 * The one place for what every federated build shares: the singletons, the Module Federation
 * options the guide asks for, and the loaders. `shell/` and every `mfe-*` build from here.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const webpack = require('webpack');
const { splitTexts } = require('../texts/split.cjs');

// The texts a build imports locale by locale (ADR 0030), split from their tables once per build
// process (the shell's build makes two configurations from here).
splitTexts();

const root = path.resolve(__dirname, '..');

/**
 * The version range a build asks of a shared package: the major version it was built with (for
 * 0.x, the minor one), from any release of it on. A fragment built after a patch or minor
 * update of React still runs on a page that has an older React 19; one built with React 20
 * does not.
 */
const compatible = (packageJson) => {
  const [major, minor] = require(packageJson).version.split('.');
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
};
const reactRange = compatible('react/package.json');
const reactDomRange = compatible('react-dom/package.json');

/**
 * Singletons: one React, one core (one .wasm instance) and one design system per page, whatever
 * loads first. Each build asks for what it was built with (`compatible`: React 19, `@shop/core`
 * and `@shop/ui` 0.3) and refuses anything else (`strictVersion`): a fragment built against a
 * React or a core the page does not have fails to load, and its slot keeps the page's static
 * part, rather than run against a second copy or an incompatible one. So a change to the core's
 * or the design system's JS contract (a field that now means something else, a new required
 * one, an export gone) bumps that package's minor version (0.x): a fragment built before it
 * then fails to load instead of showing, say, a price summary without its minus signs.
 */
const singleton = (requiredVersion) => ({ singleton: true, strictVersion: true, requiredVersion });
const shared = {
  react: singleton(reactRange),
  'react/': singleton(reactRange),
  'react-dom': singleton(reactDomRange),
  'react-dom/': singleton(reactDomRange),
  '@shop/core': singleton(compatible(path.join(root, 'wasm/package.json'))),
  // The design system: one copy of its elements and of its React context per page.
  '@shop/ui': singleton(compatible(path.join(root, 'ui/package.json'))),
};

/**
 * The browsers the shop runs in (ADR 0027): esbuild lowers newer syntax for them and gives the
 * CSS the vendor prefixes they still need (`-webkit-user-select`, `-webkit-hyphens` for Safari).
 */
const BROWSERS = ['chrome96', 'edge96', 'firefox98', 'safari15.4', 'ios15.4'];

/**
 * A build's texts (ADR 0030): one chunk per group of tables and locale (the tables'
 * `webpackChunkName`, `texts-<group>-<locale>-json`: the header's four tables are the group
 * `header`, every other table a group of its own), under a name without a hash,
 * `texts.<group>.<locale>.js`, which a page can ask for before the build's runtime does (the
 * server preloads the header's and the design system's in the page's locale). Like
 * `remoteEntry.js` it is revalidated on every use; its chunk and module ids are the build's
 * deterministic ones.
 */
const TEXTS_CHUNK = /^texts-([a-z]+)-(.+)-json$/;
const chunkFile = (production) => (pathData) => {
  const [, group, locale] = TEXTS_CHUNK.exec(pathData.chunk?.name ?? '') ?? [];
  if (group && locale) return `texts.${group}.${locale}.js`;
  return production ? '[name].[contenthash:10].js' : '[name].js';
};

/** Loaders and output common to every browser build (TypeScript via esbuild, extracted CSS). */
function browserConfig({ name, dir, entry, mode }) {
  const production = mode !== 'development';
  return {
    name,
    mode: production ? 'production' : 'development',
    context: dir,
    entry,
    target: 'web',
    devtool: false,
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: name,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: chunkFile(production),
      assetModuleFilename: '[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Workspace packages resolve to the same files from every build.
      alias: { '@shop/texts': path.join(root, 'texts/src/index.ts') },
    },
    module: {
      rules: [
        { test: /\.tsx?$/, loader: 'esbuild-loader', options: { target: BROWSERS, jsx: 'automatic' } },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    optimization: {
      minimizer: [
        // No IIFE wrapper (esbuild-loader's default for web): remoteEntry.js must set its global.
        new EsbuildPlugin({ target: BROWSERS, format: undefined, css: true, minify: true, legalComments: 'none' }),
      ],
    },
    plugins: [
      // The Module Federation runtime and SDK also carry a Node.js way of loading scripts
      // (`ENV_TARGET` unset: decided at run time); every build here runs in a browser, so it is
      // left out (-0.9 KB Brotli on the home page).
      new webpack.DefinePlugin({ ENV_TARGET: JSON.stringify('web') }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A federated build: the remote or host `name`, what it exposes (nothing for the host), its
 * runtime plugins.
 *
 * One Module Federation runtime per page (ADR 0026): the host (no `exposes`) bundles the
 * runtime's core and provides it to the page (the runtime plugin in `provide-runtime.mjs`); a
 * remote takes the page's (`externalRuntime`) instead of carrying a copy of its own, 14 KB
 * Brotli less in each `remoteEntry.js`. A page that embeds a remote without the shell provides
 * it the same way (`shell/src/embed.ts`).
 */
function federated({ name, dir, entry = {}, exposes, runtimePlugins = [], mode }) {
  const config = browserConfig({ name, dir, entry, mode });
  const remote = exposes !== undefined && Object.keys(exposes).length > 0;
  config.plugins.push(
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes: remote ? exposes : undefined,
      shared,
      // The host provides its runtime to the page: `provide-runtime.mjs`, not the
      // `provideExternalRuntime` option, which adds the plugin's CommonJS build and with it a
      // second copy of the runtime.
      runtimePlugins: remote ? runtimePlugins : [...runtimePlugins, path.join(__dirname, 'provide-runtime.mjs')],
      manifest: true,
      dts: false,
      shareStrategy: 'loaded-first',
      experiments: remote
        ? { asyncStartup: true, externalRuntime: true }
        : { asyncStartup: true },
    }),
  );
  return config;
}

module.exports = { shared, browserConfig, federated };

/**
 * Writes `entries.json` next to the build: each entry's JS and CSS files (content-hashed
 * names), prefixed with `prefix`, for the server to put into its pages; with `preload`, also the
 * build's files whose names match it (the core's `.wasm`, which every shop page needs but the
 * browser would only find once the scripts that load it have run).
 */
class EntriesPlugin {
  constructor(prefix = '', { preload } = {}) {
    this.prefix = prefix;
    this.preload = preload;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EntriesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntriesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entries = {};
          const preload = this.preload
            ? Object.keys(compilation.assets).filter((f) => this.preload.test(f)).map((f) => this.prefix + f)
            : [];
          for (const [name, entrypoint] of compilation.entrypoints) {
            const files = entrypoint.getFiles();
            entries[name] = {
              js: files.filter((f) => f.endsWith('.js')).map((f) => this.prefix + f),
              css: files.filter((f) => f.endsWith('.css')).map((f) => this.prefix + f),
              preload,
            };
          }
          compilation.emitAsset('entries.json', new sources.RawSource(JSON.stringify(entries, null, 2)));
        },
      );
    });
  }
}

module.exports.EntriesPlugin = EntriesPlugin;
