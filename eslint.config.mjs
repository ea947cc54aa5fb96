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
    // The boundaries kept by convention, enforced: features do not reach into each other, ui/
    // serves every feature and imports none, the SPA takes from the server only its contract,
    // the server takes nothing from the SPA, and nothing imports in a circle.
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
                'A feature does not import another feature: move what both use to src/ui or src/store.',
            })),
            {
              target: './src/ui',
              from: './src/features',
              message: 'src/ui serves every feature and imports none.',
            },
            {
              target: './src',
              from: './server',
              except: ['./src/contract'],
              message: 'The SPA takes from the server only its contract (server/src/contract).',
            },
            {
              // The API runs without the SPA's sources (a production install has only build/),
              // so what both sides share lives in the contract.
              target: './server',
              from: './src',
              message: 'The server does not import the SPA: share through server/src/contract.',
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
    // Scripts and configs run under Node (CommonJS through tsx/ts-node).
    files: ['scripts/**/*.ts', 'webpack.config.ts', 'jest.config.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
