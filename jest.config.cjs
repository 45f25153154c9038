/**
 * Jest: the core's JS API in Node, the fragments' React views in jsdom (React Testing Library).
 * The end-to-end suite in a real Chromium has its own config (e2e/jest.config.cjs).
 */
const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] };
const moduleNameMapper = {
  // The Node (CommonJS) build of the same crate the browser uses, with ready().
  '^@shop/core$': '<rootDir>/wasm/index.node.cjs',
  '^@shop/texts$': '<rootDir>/texts/src/index.ts',
  '^@shop/ui$': '<rootDir>/ui/src/index.ts',
  '\\.css$': '<rootDir>/build/jest/style-stub.cjs',
};

module.exports = {
  // The texts split by locale, as a build makes them (ADR 0030).
  globalSetup: '<rootDir>/build/jest/global-setup.cjs',
  // Both cores (Jest's default leaves one to its own process, which mostly waits).
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'core',
      testEnvironment: 'node',
      roots: ['<rootDir>/wasm/tests'],
      transform,
      moduleNameMapper,
    },
    {
      displayName: 'fragments',
      testEnvironment: 'jsdom',
      // Every fragment's, the shell's, the texts' and the design system's tests/ folder.
      roots: ['<rootDir>'],
      testMatch: ['<rootDir>/{mfe-*,shell,texts,ui}/tests/**/*.test.{ts,tsx}'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      transform,
      moduleNameMapper,
      setupFiles: ['<rootDir>/build/jest/node-globals.cjs'],
      setupFilesAfterEnv: ['<rootDir>/build/jest/setup-dom.ts'],
    },
  ],
};
