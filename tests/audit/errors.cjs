// Audit: the tsc error a user sees for common mistakes, against the packed declarations (run
// tests/audit/consumer.cjs first). Each mistake is compiled on its own (one file each, so one
// error does not hide another) and its first error is printed in full.
// Usage: node tests/audit/errors.cjs
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.join(__dirname, '..', '..')
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] })
const work = path.join(process.env.CONSUMER_DIR ?? '/tmp/consumer-audit', 'errors')
fs.rmSync(work, { recursive: true, force: true })
fs.mkdirSync(work, { recursive: true })
fs.writeFileSync(path.join(work, 'package.json'), JSON.stringify({ type: 'module' }))

const prelude = `import { configureStore } from '@reduxjs/toolkit'
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query'
import { Entity, RestEndpoint, createEntityCache, createResource } from 'rtk-resources'
import { useSuspense } from 'rtk-resources/react'
export class User extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'User'
}
export const UserResource = createResource({ path: '/users/:id', schema: User })
export const PostResource = createResource({ path: '/users/:userId/posts/:id', schema: User })
export const cache = createEntityCache()
export const store = configureStore({ reducer: { [cache.reducerPath]: cache.reducer } })
export const controller = cache.controller(store)
export const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/' }),
  endpoints: (b) => ({ getUsers: b.query<{ id: number; name: string }[], void>({ query: () => '/users' }) }),
})
void RestEndpoint
void useSuspense
// ---- the mistake
`
const mistakes = {
  'missing path param': `UserResource.get({})`,
  'no params at all': `UserResource.get()`,
  'misspelt path param': `UserResource.get({ userId: 1 })`,
  'nested getList without its parent param': `PostResource.getList()`,
  'wrong body field type (update)': `UserResource.update({ id: 1 }, { name: 5 })`,
  'misspelt body field (create)': `UserResource.create({ nmae: 'Ada' })`,
  'update without a body': `UserResource.update({ id: 1 })`,
  'body passed to get': `UserResource.get({ id: 1 }, { name: 'x' })`,
  'controller.fetch missing param': `void controller.fetch(UserResource.get, {})`,
  'hook missing param': `export function C() { return useSuspense(UserResource.get, {}).name }`,
  'Entity class where an instance is expected': `const user: User = User`,
  'plain record where an instance is expected': `const user: User = { id: 1, name: 'Ada' }`,
  'Entity class passed as an endpoint': `void controller.fetch(User, { id: 1 })`,
  'Entity class to useSuspense': `export function C() { return useSuspense(User, { id: 1 }) }`,
  'Entity instance as a schema': `const R = createResource({ path: '/u/:id', schema: new User() }); void R.get({ id: 1 })`,
  'forgot pk()': `export class Todo extends Entity {\n  id = 0\n  title = ''\n  static key = 'Todo'\n}`,
  'pk() returning an object': `export class Todo extends Entity {\n  id = { a: 1 }\n  pk() {\n    return this.id\n  }\n  static key = 'Todo'\n}`,
  'RTK Query bridge: schema does not fit': `class Post extends Entity { id = 0; title = ''; pk() { return this.id } static key = 'Post' }\ncache.bridgeRtkQuery(api, { getUsers: [Post] })`,
  'RTK Query bridge: unknown endpoint': `cache.bridgeRtkQuery(api, { getUser: [User] })`,
}
const tsconfig = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    skipLibCheck: true,
    types: [],
    pretty: false,
  },
}
fs.symlinkSync(path.join(path.dirname(work), 'node_modules'), path.join(work, 'node_modules'))
for (const [name, code] of Object.entries(mistakes)) {
  const dir = path.join(work, name.replace(/\W+/g, '-'))
  fs.mkdirSync(dir)
  fs.writeFileSync(path.join(dir, 'mistake.ts'), prelude + code + '\n')
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ ...tsconfig, files: ['mistake.ts'] }),
  )
  const run = spawnSync(process.execPath, [tsc, '-p', dir], { cwd: work, encoding: 'utf8' })
  const lines = run.stdout.split('\n')
  const first = lines.findIndex((line) => /error TS/.test(line))
  let text = '(compiles: no error)'
  if (first >= 0) {
    const rest = lines.slice(first + 1)
    const end = rest.findIndex((line) => /error TS/.test(line))
    text = [lines[first], ...(end === -1 ? rest : rest.slice(0, end))]
      .join('\n')
      .replace(/^mistake\.ts/, '')
      .trim()
  }
  const count = lines.filter((line) => /error TS/.test(line)).length
  console.log(
    `## ${name}\n    ${code.split('\n').join('\n    ')}\n  ${count} error(s); first:\n  ${text.replace(/\n/g, '\n  ')}\n`,
  )
}
