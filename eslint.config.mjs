// @ts-check
import tseslint from 'typescript-eslint'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'

/**
 * Layer rules (see docs/architecture.md). Each zone says: files in `target` may not import from
 * `from`. `internal/` is shared by every layer and imports nothing from them.
 */
const layers = ['schema', 'normalizr', 'redux', 'rtkQuery', 'endpoint', 'rest', 'graphql', 'react']
// What each layer may import (besides internal/ and itself): what the code uses, nothing more.
const allowed = {
  normalizr: [],
  endpoint: [],
  schema: ['normalizr'],
  // src/createEntityCache.ts, above both, adds `cache.bridgeRtkQuery` from rtkQuery/.
  redux: ['normalizr', 'schema'],
  // The RTK Query bridge builds on redux/'s folders, never on the files that assemble a cache.
  rtkQuery: ['normalizr', 'schema', 'redux'],
  rest: ['normalizr', 'schema', 'endpoint'],
  graphql: ['schema', 'endpoint'],
  react: ['redux'],
}
// Files of a layer another layer may import although the layer itself is out of bounds:
// `rest/` takes the OptimisticSnapshot type (what `getOptimisticResponse` is given) from the
// cache's endpoint-shape module, and nothing else of `redux/`.
const exceptions = { rest: { redux: ['./endpointTypes.ts'] } }
// Inside redux/, folders in order: each may import the ones before it (and the shared type
// module endpointTypes.ts), never the ones after it nor the files that assemble the cache.
const reduxFolders = ['slice', 'read', 'runtime', 'request', 'gc']
const reduxTop = [
  'Controller.ts',
  'cacheCore.ts',
  'controllerSymbols.ts',
  'createEntityCache.ts',
  'fixtures.ts',
  'notMounted.ts',
]
const zones = [
  ...layers.flatMap((layer) =>
    layers
      .filter((other) => other !== layer && !allowed[layer].includes(other))
      .map((other) => ({
        target: `./src/${layer}`,
        from: `./src/${other}`,
        ...(exceptions[layer]?.[other] ? { except: exceptions[layer][other] } : {}),
      })),
  ),
  ...layers.map((layer) => ({ target: './src/internal', from: `./src/${layer}` })),
  ...reduxFolders.flatMap((folder, index) =>
    [...reduxFolders.slice(index + 1), ...reduxTop].map((later) => ({
      target: `./src/redux/${folder}`,
      from: `./src/redux/${later}`,
    })),
  ),
  ...reduxTop.map((file) => ({ target: './src/rtkQuery', from: `./src/redux/${file}` })),
]

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '**/dist', // examples/issue-tracker/dist: the built example page
      'coverage',
      'test-results',
      'tests/docs/.snippets', // docs code samples written by tests/docs/snippets.test.ts
      'probe', // local measurement scripts (git-ignored)
      '**/*.js',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import/no-cycle': 'error',
      'import/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: 'ExportAllDeclaration',
          message: 'Name what a barrel exports instead of `export *`.',
        },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/schema/**', 'src/normalizr/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@reduxjs/*', 'reselect', 'react', 'react-*', 'redux'] },
      ],
    },
  },
  {
    files: [
      'src/index.ts',
      'src/redux/**',
      'src/rtkQuery/**',
      'src/endpoint/**',
      'src/rest/**',
      'src/graphql/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit/query/react'] },
      ],
    },
  },
  {
    // Type tests declare values only to take their types.
    files: ['tests/types/**'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['src/react/**', 'tests/react/**', 'examples/**/*.tsx', 'examples/**/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
)
