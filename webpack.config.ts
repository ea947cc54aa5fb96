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
      '@contract': path.resolve(__dirname, 'contract'),
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

/**
 * Under `npm run dev` (scripts/dev.ts), the folder the API serves pages from: index.html and
 * `server/` (the renderer and the page chunk list) are written there, the rest stays in memory.
 */
const writtenForTheApi = (file: string) =>
  path.basename(file) === 'index.html' || file.includes(`${path.sep}${SERVER_DIR}${path.sep}`);

/**
 * Public pages (an address of a page, asked for as HTML) go to the API, which renders them as in
 * production; files, the API's calls and webpack's own requests do not.
 */
const isPageRequest = (pathname: string, req: { method?: string; headers: { accept?: string } }) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  (req.headers.accept ?? '').includes('text/html') &&
  !pathname.startsWith('/api/') &&
  !/\.[a-z0-9]+$/i.test(pathname);

/** The SPA for the browser; `spaDir`: where it goes (dist/, or npm run dev's folder). */
function client(
  production: boolean,
  spaDir: string,
  devSpaDir?: string,
): Configuration & { devServer?: DevServerConfiguration } {
  // Names that stay the same in development: the API reads index.html once, at its start.
  const hash = production ? '.[contenthash:8]' : '';
  return {
    ...shared(production),
    name: 'client',
    entry: { main: './src/boot.ts' },
    output: {
      path: spaDir,
      filename: `static/js/[name]${hash}.js`,
      // Lazy route chunks, named like the spec's static/js/{id}.{hash}.chunk.js.
      chunkFilename: `static/js/[name]${hash}.chunk.js`,
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      publicPath: '/',
      // The spec's chunk load timeout.
      chunkLoadTimeout: 120_000,
      // The server renderer is the other build's output.
      clean: { keep: (file: string) => file.startsWith(`${SERVER_DIR}/`) },
    },
    plugins: [
      // Minified in development too: the API fills in the page as it does the production HTML.
      new HtmlWebpackPlugin({
        template: 'public/index.html',
        scriptLoading: 'defer',
        minify: true,
      }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
      new PageChunksPlugin(),
    ],
    optimization: {
      splitChunks: {
        cacheGroups: {
          // The app's chunk (src/boot.ts loads it) stays one file: one request, one gzip stream.
          defaultVendors: {
            test: /[\\/]node_modules[\\/]/,
            priority: -10,
            reuseExistingChunk: true,
            chunks: (chunk) => chunk.name !== 'app',
          },
        },
      },
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      hot: true,
      historyApiFallback: true,
      // The API answers only to its own names (DNS rebinding): the proxy names the API's.
      proxy: [
        { context: ['/api'], target: API_URL, changeOrigin: true },
        ...(devSpaDir
          ? [
              {
                context: isPageRequest,
                target: API_URL,
                changeOrigin: true,
                // The development build evaluates its modules (eval source maps), which the
                // API's Content-Security-Policy forbids: dev pages go without it, as before.
                onProxyRes: (response: { headers: Record<string, unknown> }) => {
                  delete response.headers['content-security-policy'];
                },
              },
            ]
          : []),
      ],
      // `/` is a page too: not index.html from memory.
      devMiddleware: devSpaDir ? { writeToDisk: writtenForTheApi, index: false } : {},
      client: { overlay: { warnings: false } },
    },
  };
}

/**
 * The server renderer (src/ssr/renderPage.tsx) for the API process: one CommonJS file with its
 * libraries in it, so React and styled-components are their production builds and one copy
 * each whatever NODE_ENV the API runs with. What only the browser loads stays out.
 */
function server(production: boolean, spaDir: string): Configuration {
  return {
    ...shared(production),
    name: 'server',
    target: 'node20',
    entry: { renderPage: './src/ssr/renderPage.tsx' },
    output: {
      path: path.join(spaDir, SERVER_DIR),
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

/** A build, which the dev server may be told to leave alone (`devServer: false`). */
type Built = Omit<Configuration, 'devServer'> & { devServer?: DevServerConfiguration | false };

/**
 * One build for every environment: runtime settings come from `GET /api/config`. Both the SPA
 * and its server renderer, into dist/. `npm run dev` serves them (webpack serve, with
 * `--env devSpaDir=…`): the SPA from memory with hot reload, and index.html and the renderer
 * written to that folder for the API, which renders the public pages the dev server passes it.
 * The dev server without that folder serves the SPA alone, every page as the bare app.
 */
export default function config(
  env: { WEBPACK_SERVE?: boolean; devSpaDir?: string },
  argv: { mode?: Configuration['mode'] },
): Built | Built[] {
  const production = argv.mode !== 'development';
  const { devSpaDir } = env;
  if (env.WEBPACK_SERVE && !devSpaDir) return client(production, path.resolve(__dirname, 'dist'));
  const spaDir = devSpaDir ? path.resolve(devSpaDir) : path.resolve(__dirname, 'dist');
  return [
    client(production, spaDir, devSpaDir && spaDir),
    // Built beside the SPA; the dev server leaves it as it is (no hot reload in Node).
    { ...server(production, spaDir), ...(devSpaDir ? { devServer: false } : {}) },
  ];
}
