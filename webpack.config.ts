import CopyWebpackPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import path from 'node:path';
import webpack, { type Compiler, type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const API_URL = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

/** Where the server renderer and the page chunk list go: beside the SPA, never served. */
export const SERVER_DIR = 'server';
/** Chunk name → its JavaScript files, so a server-rendered page's HTML loads its chunk. */
export const PAGE_CHUNKS_FILE = `${SERVER_DIR}/page-chunks.json`;

/** Writes PAGE_CHUNKS_FILE: every named chunk group (each page's chunk) and its script files. */
class PageChunksPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageChunksPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const chunks: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            chunks[name] = group.getFiles().filter((file) => file.endsWith('.js'));
          }
          compilation.emitAsset(
            PAGE_CHUNKS_FILE,
            new webpack.sources.RawSource(JSON.stringify(chunks, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * react-router publishes its production build but its package exports only the development one
 * (remix-run/react-router#12532); the two differ in the development warnings alone.
 */
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production',
);

const shared = (production: boolean): Configuration => ({
  mode: production ? 'production' : 'development',
  resolve: {
    extensions: ['.tsx', '.ts', '.js'],
    alias: {
      // The SPA's one way to the server's contract (tsconfig.json's `paths`).
      '@contract': path.resolve(__dirname, 'server/src/contract'),
      ...(production
        ? {
            'react-router$': path.join(reactRouterProduction, 'index.mjs'),
            'react-router/dom$': path.join(reactRouterProduction, 'dom-export.mjs'),
          }
        : {}),
    },
  },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        loader: 'ts-loader',
        // Type errors are `npm run typecheck`'s job; the build only transpiles.
        options: { transpileOnly: true },
      },
    ],
  },
  performance: { hints: false },
});

/** The SPA for the browser. */
function client(production: boolean): Configuration & { devServer?: DevServerConfiguration } {
  return {
    ...shared(production),
    name: 'client',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: 'static/js/[name].[contenthash:8].js',
      // Lazy route chunks, named like the spec's static/js/{id}.{hash}.chunk.js.
      chunkFilename: 'static/js/[name].[contenthash:8].chunk.js',
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      publicPath: '/',
      // The spec's chunk load timeout.
      chunkLoadTimeout: 120_000,
      // The server renderer is the other build's output.
      clean: { keep: (file: string) => file.startsWith(`${SERVER_DIR}/`) },
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer' }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
      new PageChunksPlugin(),
    ],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      hot: true,
      historyApiFallback: true,
      // The API answers only to its own names (DNS rebinding): the proxy names the API's.
      proxy: [{ context: ['/api'], target: API_URL, changeOrigin: true }],
      client: { overlay: { warnings: false } },
    },
  };
}

/**
 * The server renderer (src/ssr/renderPage.tsx) for the API process: one CommonJS file with its
 * libraries in it, so React and styled-components are their production builds and one copy
 * each whatever NODE_ENV the API runs with. What only the browser loads stays out.
 */
function server(production: boolean): Configuration {
  return {
    ...shared(production),
    name: 'server',
    target: 'node20',
    entry: { renderPage: './src/ssr/renderPage.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist', SERVER_DIR),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: { keep: (file: string) => file === path.basename(PAGE_CHUNKS_FILE) },
    },
    externals: [/^firebase(\/|$)/, /^@stripe\//, /^@statelyai\//].map(
      (pattern) =>
        ({ request }: { request?: string }, callback: (err?: null, result?: string) => void) =>
          request && pattern.test(request) ? callback(null, `commonjs ${request}`) : callback(),
    ),
    // Page chunks are one file here: every page is rendered from the start.
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    devtool: 'source-map',
  };
}

/**
 * One build for every environment: runtime settings come from `GET /api/config`. The dev
 * server (webpack serve) builds the SPA only; everything else builds both.
 */
export default function config(
  env: { WEBPACK_SERVE?: boolean },
  argv: { mode?: Configuration['mode'] },
): Configuration | Configuration[] {
  const production = argv.mode !== 'development';
  return env.WEBPACK_SERVE ? client(production) : [client(production), server(production)];
}
