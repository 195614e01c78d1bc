// Audit: what an editor shows on hover for the common calls, against the packed declarations
// (run tests/audit/consumer.cjs first: it unpacks the tarball into /tmp/consumer-audit). Uses the
// TypeScript language service's quick info at each `/*?*/` marker, as VS Code does, and prints
// each with its length; anything over 160 characters is flagged.
// Usage: node tests/audit/hovers.cjs
const fs = require('node:fs')
const path = require('node:path')
const ts = require(require.resolve('typescript', { paths: [path.join(__dirname, '..', '..')] }))

const work = path.join(process.env.CONSUMER_DIR ?? '/tmp/consumer-audit', 'hovers')
fs.rmSync(work, { recursive: true, force: true })
fs.mkdirSync(work, { recursive: true })
fs.writeFileSync(path.join(work, 'package.json'), JSON.stringify({ type: 'module' }))

const source = `import { configureStore } from '@reduxjs/toolkit'
import { Entity, Query, RestEndpoint, createEntityCache, createResource, hookifyResource, schema } from 'rtk-resources'
import { useCache, useDLE, useSuspense } from 'rtk-resources/react'

class User extends Entity {
  id = 0
  name = ''
  pk() {
    return this.id
  }
  static key = 'User'
}
export const UserResource = createResource({ urlPrefix: 'https://api.example.com', path: '/users/:id', schema: User })
const PostResource = createResource({ path: '/users/:userId/posts/:id', schema: User })
const cache = createEntityCache({ reducerPath: 'data' })
const store = configureStore({ reducer: { data: cache.reducer }, middleware: (g) => g().concat(cache.middleware) })
const controller = cache.controller(store)
const feed = new RestEndpoint({ path: '/feed', schema: { results: [User], next: '' as string | null } })
const names = new Query(new schema.All(User), (users) => users.map((u) => u.name))
const hooks = hookifyResource(UserResource, () => ({}))

export const getMember = UserResource./*?get*/get
export const getListMember = UserResource./*?getList*/getList
export const createMember = UserResource./*?create*/create
export const partialUpdateMember = UserResource./*?partialUpdate*/partialUpdate
export const deleteMember = UserResource./*?delete*/delete
export const nestedGetList = PostResource./*?nested getList*/getList
export async function demo() {
  const /*?await UserResource.get()*/one = await UserResource.get({ id: 1 })
  const /*?controller.fetch(getList)*/list = await controller.fetch(UserResource.getList)
  const /*?controller.fetch(get)*/user = await controller.fetch(UserResource.get, { id: 1 })
  const /*?controller.fetch(feed)*/page = await controller.fetch(feed)
  const /*?cache.select(get)*/selectUser = cache.select(UserResource.get, { id: 1 })
  const /*?cache.select(query)(state)*/namesNow = cache.select(names)(store.getState())
  const /*?controller.getResponse*/response = controller.getResponse(UserResource.get, { id: 1 }, store.getState())
  controller./*?controller.fetch signature*/fetch(UserResource.get, { id: 1 })
  return [one, list, user, page, selectUser, namesNow, response]
}
export function useDemo() {
  const /*?useSuspense(get)*/user = useSuspense(UserResource.get, { id: 1 })
  const /*?useSuspense(getList)*/users = useSuspense(UserResource.getList)
  const /*?useDLE(get)*/dle = useDLE(UserResource.get, { id: 1 })
  const /*?useCache(get)*/cached = useCache(UserResource.get, { id: 1 })
  const /*?hooks.useGet()*/getUser = hooks.useGet()
  /*?useSuspense signature*/useSuspense(UserResource.get, { id: 1 })
  return [user, users, dle, cached, getUser]
}
`
const file = path.join(work, 'hovers.ts')
fs.writeFileSync(file, source)
const options = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
  jsx: ts.JsxEmit.ReactJSX,
}
const host = {
  getScriptFileNames: () => [file],
  getScriptVersion: () => '1',
  getScriptSnapshot: (name) =>
    fs.existsSync(name) ? ts.ScriptSnapshot.fromString(fs.readFileSync(name, 'utf8')) : undefined,
  getCurrentDirectory: () => work,
  getCompilationSettings: () => options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
  realpath: ts.sys.realpath,
}
// Resolve packages from the consumer project of consumer.cjs.
fs.symlinkSync(path.join(path.dirname(work), 'node_modules'), path.join(work, 'node_modules'))
const service = ts.createLanguageService(host, ts.createDocumentRegistry())
const errors = service.getSemanticDiagnostics(file)
for (const error of errors) {
  console.log('error:', ts.flattenDiagnosticMessageText(error.messageText, '\n'))
}
let long = 0
for (const match of source.matchAll(/\/\*\?([^*]+)\*\//g)) {
  const at = match.index + match[0].length
  const info = service.getQuickInfoAtPosition(file, at)
  const text = info ? ts.displayPartsToString(info.displayParts) : '(none)'
  const flag = text.length > 160 ? 'LONG' : 'ok'
  if (flag === 'LONG') long += 1
  console.log(`[${flag} ${text.length}] ${match[1]}\n    ${text.replace(/\n/g, '\n    ')}`)
}
console.log(`${long} hovers over 160 characters`)
