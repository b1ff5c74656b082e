/** One jest run, several projects: `--selectProjects` picks unit or integration. */
// ESM-only dependencies that jest must transform to CommonJS.
const esmDeps = ['@middy', 'aws-local-stepfunctions', 'get-port', 'nanoid', '@scure', '@noble'];
const base = {
  transform: { '^.+\\.(t|j|mj|cj)sx?$': '<rootDir>/jest.transform.js' },
  transformIgnorePatterns: [`/node_modules/(?!(${esmDeps.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  setupFiles: ['<rootDir>/jest.env.js'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    { ...base, displayName: 'shared', testEnvironment: 'node', roots: ['<rootDir>/shared'] },
    {
      ...base,
      displayName: 'functions',
      testEnvironment: 'node',
      roots: ['<rootDir>/functions'],
      // 30 s per test (testTimeout is global-only in jest's config): see the file.
      setupFilesAfterEnv: ['<rootDir>/functions/jest.setup.ts'],
    },
    { ...base, displayName: 'infra', testEnvironment: 'node', roots: ['<rootDir>/infra'] },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/web/src'],
      setupFilesAfterEnv: ['<rootDir>/web/jest.setup.ts'],
      moduleNameMapper: { '\\.(css|png|jpg|webp|avif|svg)$': '<rootDir>/web/jest.asset-stub.js' },
    },
    {
      ...base,
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/integration'],
      setupFilesAfterEnv: ['<rootDir>/test/integration/setup.ts'],
    },
  ],
};
