/**
 * Jest transformer: TypeScript, TSX and ESM-only dependencies to CommonJS with Babel, whose
 * jest preset hoists `jest.mock()` calls above the imports they replace.
 */
const babelJest = require('babel-jest').default;

module.exports = babelJest.createTransformer({
  babelrc: false,
  configFile: false,
  presets: [
    ['@babel/preset-env', { targets: { node: '20' }, modules: 'commonjs' }],
    ['@babel/preset-typescript', { allowDeclareFields: true }],
    ['@babel/preset-react', { runtime: 'automatic' }],
  ],
});
