import CopyWebpackPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import path from 'node:path';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const API_URL = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

/** One build for every environment: runtime settings come from `GET /api/config`. */
export default function config(
  _env: unknown,
  argv: { mode?: Configuration['mode'] },
): Configuration & { devServer?: DevServerConfiguration } {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
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
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // The SPA's one way to the server's contract (tsconfig.json's `paths`).
      alias: { '@contract': path.resolve(__dirname, 'server/src/contract') },
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
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer' }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
    ],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: API_URL }],
      client: { overlay: { warnings: false } },
    },
  };
}
