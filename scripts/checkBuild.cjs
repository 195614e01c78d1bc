// Smoke test of the published build: both entry points load in CommonJS and as ES modules,
// expose the contract's names, and the main entry loads without React installed paths; then
// the packed tarball's declarations compile for a consumer (checkPackedTypes.cjs).
const assert = require('node:assert')
const path = require('node:path')
const root = path.join(__dirname, '..')
const main = [
  'Entity',
  'schema',
  'Query',
  'Endpoint',
  'RestEndpoint',
  'createResource',
  'hookifyResource',
  'shortenPath',
  'GQLEndpoint',
  'GQLEntity',
  'createEntityCache',
  'NetworkError',
]
const hooks = [
  'EntityCacheProvider',
  'useSuspense',
  'useFetch',
  'useCache',
  'useQuery',
  'useDLE',
  'useController',
  'useError',
  'useLoading',
  'useSubscription',
  'useLive',
]

const cjs = require(path.join(root, 'dist/index.js'))
for (const name of main) assert.ok(cjs[name], `CJS build lacks ${name}`)
const cjsReact = require(path.join(root, 'dist/react/index.js'))
for (const name of hooks) assert.ok(cjsReact[name], `CJS react build lacks ${name}`)
const mainSource = require('node:fs').readFileSync(path.join(root, 'dist/index.js'), 'utf8')
assert.ok(!/require\(["']react(-dom|-redux)?["']\)/.test(mainSource), 'main entry imports React')

// The instances kept for their hidden classes (src/internal/hiddenClass.ts) survive tree shaking:
// rollup once turned the keeper into a function that kept nothing.
for (const ext of ['.js', '.mjs']) {
  const dist = path.join(root, 'dist')
  const code = require('node:fs')
    .readdirSync(dist)
    .filter((file) => file.endsWith(ext))
    .map((file) => require('node:fs').readFileSync(path.join(dist, file), 'utf8'))
    .join('\n')
  assert.match(code, /function keepHiddenClassOf\(instance\) \{\s*kept\.add\(instance\)/)
  const keepers =
    code.match(
      /keepHiddenClassOf\(\s*new (DenormalizeRun|WrittenTable|SplitCopy|EntityNode|ResultNode|MemoCache)\(/g,
    ) ?? []
  assert.equal(keepers.length, 6, `the ${ext} build keeps ${keepers.length} of 6 hidden classes`)
}

import(path.join(root, 'dist/index.mjs')).then(async (esm) => {
  for (const name of main) assert.ok(esm[name], `ESM build lacks ${name}`)
  const esmReact = await import(path.join(root, 'dist/react/index.mjs'))
  for (const name of hooks) assert.ok(esmReact[name], `ESM react build lacks ${name}`)
  console.log('build: CJS and ESM entry points export the contract')
  // The declarations compile for a consumer of the packed tarball (skipLibCheck: false).
  require('./checkPackedTypes.cjs')
})
