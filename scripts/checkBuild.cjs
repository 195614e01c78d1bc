// Smoke test of the published build: both entry points load in CommonJS and as ES modules,
// expose the contract's names, share one copy of every module, render together on the server,
// and the main entry loads without React installed paths; then the packed tarball's declarations
// compile for a consumer (checkPackedTypes.cjs).
const assert = require('node:assert')
const fs = require('node:fs')
const path = require('node:path')
const { checkRender } = require('./checkBuildRender.cjs')
const { checkDeclaredValues } = require('./checkDeclaredValues.cjs')
const root = path.join(__dirname, '..')
const dist = path.join(root, 'dist')
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

/** The output files of one format (`.js` CommonJS, `.mjs` ES modules), in dist/ and its folders. */
function outputs(ext) {
  return fs
    .readdirSync(dist, { recursive: true })
    .filter((file) => file.endsWith(ext))
    .map((file) => path.join(dist, file))
}

/** `file` and every output file it loads through a relative specifier (its shared chunks). */
function loadedBy(file, seen = new Set()) {
  seen.add(file)
  const source = fs.readFileSync(file, 'utf8')
  for (const [, specifier] of source.matchAll(
    /(?:require\(|from |import\()["'](\.\.?\/[^"']+)["']/g,
  )) {
    const next = path.resolve(path.dirname(file), specifier)
    if (!seen.has(next)) loadedBy(next, seen)
  }
  return seen
}

// The main entry, with the chunks it loads, needs no React.
for (const entry of ['index.js', 'index.mjs']) {
  for (const file of loadedBy(path.join(dist, entry))) {
    const code = fs.readFileSync(file, 'utf8')
    assert.ok(
      !/(require\(|from |import\()["']react(-dom|-redux)?(\/[^"']*)?["']/.test(code),
      `the main entry imports React (${path.relative(root, file)})`,
    )
  }
}

// One copy of every src/ module per format: each output file's source map names the modules it
// carries, and none may be in two files. esbuild splits shared code into chunks for cjs only with
// tsup's `splitting: true`; without it dist/react/index.js carried its own Controller, whose
// fetchFromRender symbol no controller of dist/index.js answered to.
for (const ext of ['.js', '.mjs']) {
  const carrier = new Map()
  for (const file of outputs(ext)) {
    const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))
    for (const source of map.sources) {
      const module = path.relative(root, path.resolve(path.dirname(file), source))
      const other = carrier.get(module)
      assert.ok(
        !other,
        `${module} is bundled twice in the ${ext} build: in ${other} and ${path.relative(root, file)}`,
      )
      carrier.set(module, path.relative(root, file))
    }
  }
  assert.ok(carrier.has(path.join('src', 'redux', 'Controller.ts')), `no ${ext} map names src/`)
  // Both entries load the one copy of what the hooks share with the Controller at run time: its
  // hook-only symbols and the error classes (the Controller itself is a type to the hooks).
  for (const module of [
    path.join('src', 'redux', 'controllerSymbols.ts'),
    path.join('src', 'internal', 'errors', 'base.ts'),
  ]) {
    assert.ok(carrier.has(module), `no ${ext} output carries ${module}`)
    const shared = path.join(root, carrier.get(module))
    for (const entry of ['index', path.join('react', 'index')]) {
      assert.ok(
        loadedBy(path.join(dist, entry + ext)).has(shared),
        `dist/${entry}${ext} does not load ${path.relative(root, shared)}, which has ${module}`,
      )
    }
  }
}

// The instances kept for their hidden classes (src/internal/hiddenClass.ts) survive tree shaking:
// rollup once turned the keeper into a function that kept nothing.
for (const ext of ['.js', '.mjs']) {
  const code = outputs(ext)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
  assert.match(code, /function keepHiddenClassOf\(instance\) \{\s*kept\.add\(instance\)/)
  const keepers =
    code.match(
      /keepHiddenClassOf\(\s*new (DenormalizeRun|WrittenTable|SplitCopy|EntityNode|ResultNode|MemoCache)\(/g,
    ) ?? []
  assert.equal(keepers.length, 6, `the ${ext} build keeps ${keepers.length} of 6 hidden classes`)
}

// Each format's pair of entries, loaded as a user loads them, renders together on the server.
// The peers are loaded in the same format: react-redux's ESM and CJS builds have two contexts.
async function checkFormats() {
  await checkRender('CJS', cjs, cjsReact, async (name) => require(name))
  const esm = await import(path.join(dist, 'index.mjs'))
  for (const name of main) assert.ok(esm[name], `ESM build lacks ${name}`)
  const esmReact = await import(path.join(dist, 'react/index.mjs'))
  for (const name of hooks) assert.ok(esmReact[name], `ESM react build lacks ${name}`)
  console.log('build: CJS and ESM entry points export the contract')
  await checkRender('ESM', esm, esmReact, async (name) => {
    const namespace = await import(name)
    return { ...namespace.default, ...namespace }
  })
  for (const entry of ['index', 'react/index']) await checkDeclaredValues(dist, entry)
  console.log('build: every value the declarations export is there at run time')
}

checkFormats().then(
  // The declarations compile for a consumer of the packed tarball (skipLibCheck: false).
  () => require('./checkPackedTypes.cjs'),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
