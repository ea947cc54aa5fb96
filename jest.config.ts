import type { Config } from 'jest';

// Tests compile with ts-jest (transpile only: `npm run typecheck` checks types) to CommonJS.
// Jest cannot require() an ES module on Node 20, so the few ESM-only packages are compiled too.
const transform: Config['transform'] = {
  '^.+\\.m?[tj]sx?$': [
    'ts-jest',
    { tsconfig: { module: 'commonjs', jsx: 'react-jsx', allowJs: true } },
  ],
};
const esmOnly = ['cookie', '@apidevtools/json-schema-ref-parser'].join('|');
const transformIgnorePatterns = [`^(?!.*/node_modules/(${esmOnly})/).*/node_modules/`];

const config: Config = {
  // A global option (ignored inside projects): a server test may make hundreds of requests on
  // its database, and CI runs the tests beside the browser suites on two busy cores.
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts', '<rootDir>/src/test/server.ts'],
      moduleNameMapper: { '^@contract/(.*)$': '<rootDir>/contract/$1' },
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      globalSetup: '<rootDir>/server/test/globalSetup.ts',
      globalTeardown: '<rootDir>/server/test/globalTeardown.ts',
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
