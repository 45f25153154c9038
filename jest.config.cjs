/** Jest: TypeScript tests, type-checked by ts-jest against the generated .d.ts of @shop/core. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/wasm/tests'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  // The Node (CommonJS) build of the same crate the browser uses.
  moduleNameMapper: {
    '^@shop/core$': '<rootDir>/wasm/pkg-node/shop_core_wasm.js',
  },
};
