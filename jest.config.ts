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

const config: Config = {
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
      testMatch: ['<rootDir>/tests/react/**/*.test.ts?(x)'],
    },
  ],
}

export default config
