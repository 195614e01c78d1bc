// Audit: the packed tarball as a consumer gets it. Needs `npm run build` first. Packs the worktree,
// unpacks it into /tmp/consumer-audit/node_modules/rtk-resources (the peers are symlinks into the
// main checkout's node_modules), then:
//  1. type-checks the audit type tests (tests/audit/*.test-d.ts*) against the published
//     declarations under several compiler settings, and compares the errors with the same files
//     checked against src/ (an error only the package shows is a packaging defect);
//  2. loads both entries at run time (require, import from .mjs), and the main entry in a project
//     that has no React installed.
// Usage: node tests/audit/consumer.cjs [variant ...]
const { execFileSync, spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.join(__dirname, '..', '..')
const work = process.env.CONSUMER_DIR ?? '/tmp/consumer-audit'
const peers = path.join(root, 'node_modules') // symlink to the main checkout's node_modules
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] })

fs.rmSync(work, { recursive: true, force: true })
fs.mkdirSync(work, { recursive: true })

// 1. Pack and unpack, as npm publish / npm install would.
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString(),
)[0]
console.log(`packed ${packed.filename}: ${packed.entryCount} files, ${packed.unpackedSize} bytes`)

/** A node_modules with the tarball and the given peers (symlinked). */
function makeModules(dir, names) {
  const modules = path.join(dir, 'node_modules')
  fs.mkdirSync(path.join(modules, 'rtk-resources'), { recursive: true })
  execFileSync('tar', [
    '-xzf',
    path.join(work, packed.filename),
    '-C',
    path.join(modules, 'rtk-resources'),
    '--strip-components=1',
  ])
  for (const name of names) {
    const target = path.join(modules, name)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.symlinkSync(fs.realpathSync(path.join(peers, name)), target)
  }
  return modules
}

const everyPeer = fs
  .readdirSync(peers)
  .flatMap((name) =>
    name.startsWith('@')
      ? fs.readdirSync(path.join(peers, name)).map((sub) => `${name}/${sub}`)
      : [name],
  )
  .filter((name) => name !== '.bin' && name !== 'rtk-resources' && !name.startsWith('.'))
makeModules(work, everyPeer)

// 2. Type checks. The sources: the audit's type tests, which import only package names.
const sources = fs
  .readdirSync(__dirname)
  .filter((file) => /\.test-d\.tsx?$/.test(file))
  .sort()
const base = {
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  types: [],
}
const strictest = {
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  isolatedModules: true,
}
const variants = {
  'bundler-esm': { type: 'module', options: { module: 'ESNext', moduleResolution: 'Bundler' } },
  'bundler-strictest': {
    type: 'module',
    options: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      verbatimModuleSyntax: true,
      ...strictest,
    },
  },
  'node16-esm': { type: 'module', options: { module: 'Node16', moduleResolution: 'Node16' } },
  'node16-cjs': {
    type: 'commonjs',
    options: { module: 'Node16', moduleResolution: 'Node16', esModuleInterop: true },
  },
  'nodenext-esm': {
    type: 'module',
    options: {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      verbatimModuleSyntax: true,
      ...strictest,
    },
  },
  'nodenext-cjs': {
    type: 'commonjs',
    options: { module: 'NodeNext', moduleResolution: 'NodeNext', ...strictest },
  },
  // DEFECT: no typesVersions (or react/package.json): under node10 (the default for `module:
  // commonjs`) 'rtk-resources/react' has no types: TS2307 Cannot find module 'rtk-resources/react'
  node10: {
    type: 'commonjs',
    options: { module: 'CommonJS', moduleResolution: 'Node10', esModuleInterop: true },
  },
}

/** `file(line): message` lines of a tsc run, with paths relative to the project. */
function diagnostics(output) {
  return output
    .split('\n')
    .filter((line) => /\(\d+,\d+\): error TS/.test(line))
    .map((line) => line.replace(/^.*?([\w.-]+\.test-d\.tsx?)/, '$1'))
}

/** The errors of the same files checked against src/ (tests/audit/tsconfig.json). */
function sourceErrors() {
  const run = spawnSync(process.execPath, [tsc, '-p', path.join(__dirname, 'tsconfig.json')], {
    cwd: root,
    encoding: 'utf8',
  })
  return new Set(diagnostics(run.stdout).map((line) => line.replace(/: error .*/, '')))
}

const wanted = process.argv.slice(2)
const fromSource = sourceErrors()
console.log(`against src/: ${fromSource.size} error lines (the DEFECT checks)`)
let extra = 0
for (const [name, { type, options }] of Object.entries(variants)) {
  if (wanted.length && !wanted.includes(name)) continue
  const folder = path.join(work, name)
  fs.mkdirSync(folder)
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ type, private: true }))
  for (const file of sources) fs.copyFileSync(path.join(__dirname, file), path.join(folder, file))
  fs.writeFileSync(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...base, ...options }, files: sources }, null, 2),
  )
  const run = spawnSync(process.execPath, [tsc, '-p', folder], { encoding: 'utf8' })
  const lines = run.stdout.split('\n')
  const errors = diagnostics(lines.filter((line) => !line.includes('node_modules')).join('\n'))
  const onlyHere = errors.filter((line) => !fromSource.has(line.replace(/: error .*/, '')))
  const inLib = lines.filter((line) => /node_modules\/rtk-resources\/.*error TS/.test(line))
  const inPeers = lines.filter(
    (line) =>
      /node_modules\/.*error TS/.test(line) && !line.includes('node_modules/rtk-resources/'),
  )
  extra += onlyHere.length + inLib.length
  console.log(
    `${name}: ${errors.length} errors in the tests (${onlyHere.length} not seen against src/), ` +
      `${inLib.length} in rtk-resources' declarations, ${inPeers.length} in the peers' own ` +
      `declarations (${[...new Set(inPeers.map((line) => line.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')))].join(', ') || 'none'})`,
  )
  for (const line of [...onlyHere, ...inLib]) console.log(`  ${line}`)
  const other = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('error') || line.includes('TS5'))
  for (const line of other) console.log(`  ${line}`)
}

// 3. Run time: both entries, CommonJS and ES modules.
const runtime = path.join(work, 'runtime')
fs.mkdirSync(runtime)
fs.writeFileSync(
  path.join(runtime, 'check.cjs'),
  `const main = require('rtk-resources')
const loadedReact = () => Object.keys(require.cache).filter((f) => /node_modules\\/(react|react-dom|react-redux)\\//.test(f))
if (loadedReact().length) throw new Error('main entry loaded ' + loadedReact()[0])
const hooks = require('rtk-resources/react')
for (const name of ['Entity', 'schema', 'Query', 'Endpoint', 'RestEndpoint', 'createResource', 'hookifyResource', 'shortenPath', 'GQLEndpoint', 'GQLEntity', 'createEntityCache', 'NetworkError']) if (!main[name]) throw new Error('cjs lacks ' + name)
for (const name of ['EntityCacheProvider', 'useSuspense', 'useFetch', 'useCache', 'useQuery', 'useDLE', 'useController', 'useError', 'useLoading', 'useSubscription', 'useLive']) if (!hooks[name]) throw new Error('cjs react lacks ' + name)
if (main.shortenPath('/users/:userId/posts/:id') !== '/users/:userId/posts') throw new Error('shortenPath')
console.log('cjs: both entries load; main loads no React; shortenPath works')
`,
)
fs.writeFileSync(
  path.join(runtime, 'check.mjs'),
  `import * as main from 'rtk-resources'
import { createResource, Entity } from 'rtk-resources'
import * as hooks from 'rtk-resources/react'
import { useSuspense } from 'rtk-resources/react'
import { createRequire } from 'node:module'
if (typeof useSuspense !== 'function' || typeof createResource !== 'function') throw new Error('named imports')
class User extends Entity { id = 0; pk() { return this.id } static key = 'User' }
const r = createResource({ path: '/users/:id', schema: User, urlPrefix: 'https://x.test' })
if (r.get.key({ id: 1 }) !== 'GET https://x.test/users/1') throw new Error('key ' + r.get.key({ id: 1 }))
const require = createRequire(import.meta.url)
const cjs = require('rtk-resources')
console.log('esm: both entries import (' + Object.keys(main).length + ' and ' + Object.keys(hooks).length + ' exports); ESM and CJS Entity are ' + (cjs.Entity === main.Entity ? 'the same' : 'two copies (dual package)'))
`,
)
for (const script of ['check.cjs', 'check.mjs']) {
  const run = spawnSync(process.execPath, [script], { cwd: runtime, encoding: 'utf8' })
  process.stdout.write(run.stdout)
  if (run.status !== 0) {
    extra += 1
    console.log(`${script} failed:\n${run.stderr}`)
  }
}

// 4. Without React installed: the main entry loads in both formats.
// Outside `work`, so that nothing finds the React of work/node_modules by walking up.
const bare = `${work}-noreact`
fs.rmSync(bare, { recursive: true, force: true })
fs.mkdirSync(bare)
makeModules(
  bare,
  everyPeer.filter((name) => !/^(react|react-dom|react-redux|@types\/react.*)$/.test(name)),
)
fs.writeFileSync(
  path.join(bare, 'a.cjs'),
  "require('rtk-resources'); console.log('no-react cjs: ok')\n",
)
fs.writeFileSync(
  path.join(bare, 'a.mjs'),
  "await import('rtk-resources'); console.log('no-react esm: ok')\n",
)
fs.writeFileSync(
  path.join(bare, 'b.mjs'),
  "try { await import('rtk-resources/react'); console.log('no-react: the react entry loaded?') } catch (e) { console.log('no-react: the react entry fails as expected: ' + e.code) }\n",
)
for (const script of ['a.cjs', 'a.mjs', 'b.mjs']) {
  const run = spawnSync(process.execPath, [script], { cwd: bare, encoding: 'utf8' })
  process.stdout.write(run.stdout)
  if (run.status !== 0) {
    extra += 1
    console.log(`${script} failed:\n${run.stderr}`)
  }
}
// Type-check a main-entry consumer without @types/react (skipLibCheck: false).
fs.writeFileSync(
  path.join(bare, 'main.ts'),
  `import { createEntityCache, createResource, Entity } from 'rtk-resources'
class User extends Entity { id = 0; pk() { return this.id } static key = 'User' }
export const UserResource = createResource({ path: '/users/:id', schema: User })
export const cache = createEntityCache()
`,
)
fs.writeFileSync(path.join(bare, 'package.json'), JSON.stringify({ type: 'module' }))
fs.writeFileSync(
  path.join(bare, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { ...base, module: 'NodeNext', moduleResolution: 'NodeNext' },
    files: ['main.ts'],
  }),
)
const bareRun = spawnSync(process.execPath, [tsc, '-p', bare], { encoding: 'utf8' })
console.log(`no-react types (main entry only): ${bareRun.status === 0 ? 'ok' : 'errors'}`)
if (bareRun.status !== 0) {
  extra += 1
  console.log(bareRun.stdout)
}

console.log(extra ? `${extra} problems only the package shows` : 'the package matches src/')
process.exitCode = extra ? 1 : 0
