import js from '@eslint/js';
import jest from 'eslint-plugin-jest';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { functionsConfig } from './functions/eslint-layers.mjs';
import webLayers from './web/eslint-layers.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'cdk.out/**',
      '.local/**',
      '.cognito/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // CommonJS configuration files read by jest.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'web-layers': webLayers },
    rules: { ...reactHooks.configs.recommended.rules, 'web-layers/layers': 'error' },
  },
  ...functionsConfig,
  {
    // Focused or skipped tests prove nothing: the lint fails on them (jest and Playwright alike).
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', 'test/**/*.ts'],
    plugins: { jest },
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'test', property: 'only', message: 'No focused tests.' },
        { object: 'test', property: 'skip', message: 'No skipped tests.' },
        { object: 'test', property: 'fixme', message: 'No skipped tests.' },
        { object: 'describe', property: 'only', message: 'No focused tests.' },
        { object: 'describe', property: 'skip', message: 'No skipped tests.' },
      ],
    },
  },
);
