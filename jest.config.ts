import type { Config } from 'jest'

const esmOnly = [
  'msw',
  '@mswjs',
  'rettime',
  'until-async',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
  '@open-draft',
]

const shared: Config = {
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      'ts-jest',
      {
        tsconfig: {
          allowJs: true,
          module: 'commonjs',
          moduleResolution: 'node',
          jsx: 'react-jsx',
          esModuleInterop: true,
          verbatimModuleSyntax: false,
          target: 'ES2022',
          isolatedModules: true,
        },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // One msw server for the run: started, reset and closed around every test file.
  setupFilesAfterEnv: ['<rootDir>/tests/setupMsw.ts'],
  moduleNameMapper: {
    '^rtk-resources$': '<rootDir>/src/index.ts',
    '^rtk-resources/react$': '<rootDir>/src/react/index.ts',
  },
}

/** tests/react18 holds React 18 (its own install): the hook tests run on it too. */
const react18 = '<rootDir>/tests/react18/node_modules'

const config: Config = {
  // A guard against hangs, not a timing assertion: generous, so that a test passes on a machine
  // whose cores are busy with other work (property tests run hundreds of cases).
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/react/'],
    },
    {
      ...shared,
      displayName: 'react',
      testEnvironment: '<rootDir>/tests/jsdomWithFetch.js',
      // msw/node and react-dom resolve their Node builds (not the "browser" ones).
      testEnvironmentOptions: { customExportConditions: [''] },
      // Hook tests, and any .test.tsx elsewhere (a reliability test that renders, say).
      testMatch: ['<rootDir>/tests/react/**/*.test.ts?(x)', '<rootDir>/tests/**/*.test.tsx'],
      globals: { EXPECTED_REACT_MAJOR: 19 },
      setupFilesAfterEnv: [...(shared.setupFilesAfterEnv ?? []), '<rootDir>/tests/setupDom.ts'],
    },
    {
      ...shared,
      displayName: 'react18',
      testEnvironment: '<rootDir>/tests/jsdomWithFetch.js',
      testEnvironmentOptions: { customExportConditions: [''] },
      testMatch: ['<rootDir>/tests/react/**/*.test.ts?(x)', '<rootDir>/tests/**/*.test.tsx'],
      globals: { EXPECTED_REACT_MAJOR: 18 },
      setupFilesAfterEnv: [...(shared.setupFilesAfterEnv ?? []), '<rootDir>/tests/setupDom.ts'],
      // React and react-dom come from tests/react18, for the tests and for every module they
      // load (react-redux, @testing-library/react): one React 18 in the whole run.
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '^react$': `${react18}/react/index.js`,
        '^react/(.*)$': `${react18}/react/$1`,
        '^react-dom$': `${react18}/react-dom/index.js`,
        '^react-dom/(.*)$': `${react18}/react-dom/$1`,
      },
    },
  ],
}

export default config
