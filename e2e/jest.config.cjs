/** The end-to-end suite: the built shop (server, shell, fragments) in headless Chromium. */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e'],
  testEnvironment: 'node',
  testMatch: ['**/*.e2e.test.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 90_000,
  maxWorkers: 2,
};
