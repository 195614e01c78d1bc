// Type-checks a tiny consumer of the packed tarball (`npm pack`) with `skipLibCheck: false`, the
// way users compile against the published declarations: moduleResolution bundler, node16 as an
// ES module, node16 as CommonJS, and node10 (which reads `typesVersions`, not `exports`). Needs only `npm run build` first and the devDependencies
// already installed (the consumer resolves the peers from this repository's node_modules).
const assert = require('node:assert')
const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.join(__dirname, '..')
const work = path.join(root, 'test-results', 'packed-consumer')
fs.rmSync(work, { recursive: true, force: true })
fs.mkdirSync(work, { recursive: true })

// 1. The tarball, as `npm publish` would upload it.
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const packed = JSON.parse(
  execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root }).toString(),
)[0]
const files = packed.files.map((file) => file.path)
for (const required of ['LICENSE', 'package.json', 'dist/index.d.ts', 'dist/index.d.mts']) {
  assert.ok(files.includes(required), `the tarball lacks ${required}`)
}

// 2. Installed into the consumer's node_modules, unpacked as npm would.
const installed = path.join(work, 'node_modules', 'rtk-resources')
fs.mkdirSync(installed, { recursive: true })
execFileSync('tar', [
  '-xzf',
  path.join(work, packed.filename),
  '-C',
  installed,
  '--strip-components=1',
])

// 2b. Every public type is declared under its public name: where the declaration bundler renamed
//     one (two declarations of one name, as the Resource class and interface were), editors show
//     the renamed one (`Resource$1<...>`) to users. Such a name is exported as `X$1 as Name`.
for (const entry of ['index.d.ts', 'index.d.mts', 'react/index.d.ts', 'react/index.d.mts']) {
  const text = fs.readFileSync(path.join(installed, 'dist', entry), 'utf8')
  const exported = [...text.matchAll(/^export \{([^}]*)\};?$/gm)].flatMap((m) => m[1].split(','))
  assert.ok(exported.length > 0, `dist/${entry} has no export list`)
  const renamed = exported.filter((name) => /\$\d+\s+as\s/.test(name)).map((name) => name.trim())
  assert.deepEqual(renamed, [], `dist/${entry} declares public types under renamed names`)
}
// ...and no declaration file (chunks included) holds a renamed type at all: hovers show those
// names too (`SchemaAttribute$1` was one, inside a shared chunk).
const declarationFiles = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const file = path.join(dir, item.name)
    if (item.isDirectory()) return declarationFiles(file)
    return /\.d\.m?ts$/.test(item.name) ? [file] : []
  })
for (const file of declarationFiles(path.join(installed, 'dist'))) {
  const names = [...fs.readFileSync(file, 'utf8').matchAll(/\b[A-Za-z_]\w*\$\d+\b/g)]
  assert.deepEqual(
    [...new Set(names.map((m) => m[0]))],
    [],
    `${path.relative(installed, file)} holds types the declaration bundler renamed`,
  )
}

// 3. A consumer using the public names, types included (schema.SchemaAttribute among them, and
//    every schema.* class in a type position), whose declarations are emitted.
const source = `
import { createEntityCache, createResource, Entity, normalize, Query, schema } from 'rtk-resources'
import type { Denormalize, NetworkError, RestResource } from 'rtk-resources'
import { useController, useSuspense } from 'rtk-resources/react'

export class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}
export const byType: schema.SchemaAttribute = (value: { type: string }) => value.type
export const union = new schema.Union({ todo: Todo }, byType)
export const TodoResource: RestResource<'/todos/:id', typeof Todo> = createResource({
  path: '/todos/:id',
  schema: Todo,
})
export const cache = createEntityCache({ reducerPath: 'data' })
export const ids: (string | number)[] = normalize([Todo], [{ id: 1 }]).result
export type Read = Denormalize<typeof union>
export type Failure = NetworkError['status']
// Every member of the schema namespace names a type, as docs/api/schema.md writes them.
export const all: schema.All<typeof Todo> = new schema.All(Todo)
export const values: schema.Values<typeof Todo> = new schema.Values(Todo)
export const removed: schema.Delete<typeof Todo> = new schema.Delete(Todo)
export const either: schema.Union<{ todo: typeof Todo }> = new schema.Union({ todo: Todo }, 'type')
export const list: schema.Array<typeof Todo> = new schema.Array(Todo)
export const page: schema.Object<{ results: typeof list }> = new schema.Object({ results: list })
export type AllTodos = Denormalize<schema.All<typeof Todo>>
export type TodoMap = Denormalize<schema.Values<typeof Todo>>
// Inferred types over them can be written out in the consumer's own declarations.
export const todoCount = new Query(new schema.All(Todo), (todos) => todos.length)
export const FeedResource = createResource({ path: '/feed/:id', schema: union })
export class Board extends Entity {
  id = ''
  todosById: Record<string, Todo> = {}
  pk() {
    return this.id
  }
  static key = 'Board'
  static schema = { todosById: new schema.Values(Todo) }
}
export function useTitle(id: number): string {
  const controller = useController()
  void controller.invalidate(TodoResource.get, { id })
  return useSuspense(TodoResource.get, { id }).title
}
`
// declaration: true, as a library that re-exports what it builds on rtk-resources compiles: its
// inferred types must be nameable through the package's public entry (else TS2742).
const base = {
  strict: true,
  skipLibCheck: false,
  declaration: true,
  emitDeclarationOnly: true,
  outDir: 'out',
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
}
const variants = [
  { dir: 'bundler', type: 'module', options: { module: 'ESNext', moduleResolution: 'Bundler' } },
  { dir: 'node16-esm', type: 'module', options: { module: 'Node16', moduleResolution: 'Node16' } },
  {
    dir: 'node16-cjs',
    type: 'commonjs',
    options: { module: 'Node16', moduleResolution: 'Node16', esModuleInterop: true },
  },
  // node10 (`moduleResolution: node`, the default for `module: commonjs`) ignores `exports`:
  // the main entry's types come from `types`, rtk-resources/react's from `typesVersions`.
  {
    dir: 'node10',
    type: 'commonjs',
    options: { module: 'CommonJS', moduleResolution: 'Node10', esModuleInterop: true },
  },
  // A server project: Node's types, no DOM lib (no `HeadersInit`).
  {
    dir: 'no-dom',
    type: 'module',
    options: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022'],
      types: ['node'],
      typeRoots: [path.join(root, 'node_modules/@types')],
    },
  },
  // A lib older than ES2021 (no `WeakRef` type).
  {
    dir: 'es2020',
    type: 'module',
    options: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      target: 'ES2020',
      lib: ['ES2020', 'DOM'],
    },
  },
  // Optional members that may not hold `undefined` unless they say so. RTK's own declarations
  // do not compile so (TaskAbortError's `code`): libraries are skipped, the consumer is checked.
  {
    dir: 'exact-optional',
    type: 'module',
    options: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
    },
  },
]
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] })
for (const { dir, type, options } of variants) {
  const folder = path.join(work, dir)
  fs.mkdirSync(folder)
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ type, private: true }))
  fs.writeFileSync(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...base, ...options }, files: ['consumer.ts'] }),
  )
  fs.writeFileSync(path.join(folder, 'consumer.ts'), source)
  try {
    execFileSync(process.execPath, [tsc, '-p', folder], { stdio: 'pipe' })
  } catch (error) {
    console.error(`${dir}: the packed declarations do not compile:\n${error.stdout}${error.stderr}`)
    process.exit(1)
  }
  const libs = options.skipLibCheck ? 'libraries skipped' : 'skipLibCheck: false'
  console.log(`types: a consumer of the packed tarball compiles (${dir}, ${libs})`)
}
