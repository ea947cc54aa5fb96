import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.readdirSync('src/features');
// The server's domain: every folder of server/src but its HTTP layer (http/ and routes/).
const serverDomain = fs
  .readdirSync('server/src', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['http', 'routes'].includes(entry.name))
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'build',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'bench/results',
      // Files that break the rules on purpose: server/test/lintBoundaries.test.ts lints them.
      'src/test/lintFixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The layers (docs/architecture.md), enforced: features do not reach into each other nor
    // into app/; shared/ serves them and imports neither; store/ is the Redux plumbing; ui/ is
    // primitives (no store, no shared code); the SPA and the server share only contract/ and
    // neither imports the other; nothing imports in a circle.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which parser reads a TypeScript dependency, and which extensions are modules.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'server/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver(),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: move what both use to src/shared (or src/ui for a primitive).',
            })),
            {
              // A feature's tests may mount the app's routes, where the app puts features together.
              target: './src/features/**/!(*.test).{ts,tsx}',
              from: './src/app',
              message:
                'A feature does not import the app (src/app puts features together): move what both use to src/shared.',
            },
            {
              target: './src/shared',
              from: ['./src/features', './src/app'],
              message: 'src/shared serves the features and the app, and imports neither.',
            },
            {
              target: './src/store',
              from: ['./src/features', './src/app', './src/ui'],
              message:
                'src/store is the Redux plumbing: it imports no feature, no ui and not the app.',
            },
            {
              target: './src/ui',
              from: './src/features',
              message: 'src/ui serves every feature and imports none.',
            },
            {
              // What needs the store or the API is shared code (src/shared), not a primitive.
              target: './src/ui',
              from: ['./src/store', './src/shared', './src/app'],
              message:
                'src/ui holds primitives: it imports no store, no shared code and not the app (move what does to src/shared).',
            },
            {
              target: './src',
              from: './server',
              message: 'The SPA does not import the server: share through contract/.',
            },
            {
              // The API runs without the SPA's sources (a production install has only build/),
              // so what both sides share lives in the contract.
              target: './server',
              from: './src',
              message: 'The server does not import the SPA: share through contract/.',
            },
            {
              // The domain throws domainErrors.ts' refusals; http/errors.ts maps them to statuses.
              target: serverDomain.map((folder) => `./server/src/${folder}`),
              from: './server/src/http',
              message:
                'Server domain modules do not import http/: throw a refusal of domainErrors.ts, which the error handler maps to its status.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the SPA and the server both use: schemas and words, built on TypeBox alone, so
    // each side bundles or runs it without the other.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!@sinclair/typebox(/|$)|\\./)',
              message: 'The contract imports nothing but TypeBox and its own files (./).',
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts and configs run under Node (CommonJS through tsx/ts-node).
    files: ['scripts/**/*.ts', 'webpack.config.ts', 'jest.config.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
