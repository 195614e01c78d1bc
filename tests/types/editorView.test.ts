/**
 * What a user sees in the editor: hovers and error messages, through TypeScript's language
 * service with the options of tests/tsconfig.json ('rtk-resources' mapped to src/). Type tests
 * (`*.test-d.ts`) check what compiles; these check how it reads.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(__dirname, '../..')
const work = path.join(root, 'test-results', 'editor-view')

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, 'tests', 'tsconfig.json')
  const read = ts.readConfigFile(configPath, ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath))
  return { ...parsed.options, noEmit: true }
}

/** A language service over one file (written to test-results/), and what it shows. */
function editorOf(name: string, text: string) {
  fs.mkdirSync(work, { recursive: true })
  const file = path.join(work, name)
  fs.writeFileSync(file, text)
  const options = compilerOptions()
  const service = ts.createLanguageService({
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) =>
      fs.existsSync(f) ? ts.ScriptSnapshot.fromString(fs.readFileSync(f, 'utf8')) : undefined,
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  })
  return {
    /** The hover text after the `/*^*\/` marker, white space collapsed. */
    hover(): string {
      const pos = text.indexOf('/*^*/') + '/*^*/'.length
      const info = service.getQuickInfoAtPosition(file, pos)
      return info ? ts.displayPartsToString(info.displayParts).replace(/\s+/g, ' ') : ''
    },
    errors() {
      return service.getSemanticDiagnostics(file).map((d) => ({
        code: d.code,
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      }))
    },
  }
}

const setup = `
import { configureStore } from '@reduxjs/toolkit'
import {
  Entity,
  GQLEndpoint,
  GQLEntity,
  RestEndpoint,
  createEntityCache,
  createResource,
  normalize,
  schema,
} from 'rtk-resources'
class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}
class GUser extends GQLEntity {
  name = ''
  static key = 'GUser'
}
const cache = createEntityCache({ reducerPath: 'data' })
const controller = cache.controller(configureStore({ reducer: { data: cache.reducer } }))
void controller
void RestEndpoint
void GQLEndpoint
void Todo
void GUser
void normalize
void schema
void createResource
`

describe('a call missing its path param names the query params by their type, not their members', () => {
  // It read \`{ id: string | number; } & Record<string, string | number | boolean | readonly
  // (string | number | boolean)[] | undefined>\`: 200 characters before the missing \`id\`.
  it('get({})', () => {
    const editor = editorOf(
      'missingPathParam.ts',
      `${setup}
const TodoResource = createResource({ urlPrefix: 'http://api.test', path: '/todos/:id', schema: Todo })
TodoResource.get({})
`,
    )
    const [error, ...others] = editor.errors()
    expect(others).toEqual([])
    expect(error?.message).toContain("type '{ id: string | number; } & SearchParams'")
    expect(error?.message).toContain("Property 'id' is missing")
  })
})

describe('a mistaken call names the mistake once', () => {
  // `new RestEndpoint(...)` and GQLEndpoint operations carried two identical call signatures (a
  // merged interface's and EndpointBase's), so every wrong call reported TS2769 "No overload
  // matches this call" with the same explanation twice, and hovers said "(+1 overload)".
  it.each([
    [
      'a RestEndpoint',
      `const getTodo = new RestEndpoint({ path: '/todos/:id', schema: Todo })
/*^*/getTodo({ idd: 1 })`,
    ],
    [
      'a GQLEndpoint operation',
      `const getUser = new GQLEndpoint('/graphql').query<{ id: string }, { user: typeof GUser }>(
  'query GetUser($id: ID!) { user(id: $id) { id name } }',
  { user: GUser },
)
/*^*/getUser({ idd: '1' })`,
    ],
  ])('%s', (_what, call) => {
    const editor = editorOf('oneCallSignature.ts', `${setup}\n${call}\n`)
    const errors = editor.errors()
    expect(errors).toHaveLength(1)
    expect(errors[0]?.code).not.toBe(2769)
    expect(errors[0]?.message).toContain("'idd' does not exist")
    expect(editor.hover()).not.toContain('overload')
  })
})

describe('a GraphQL operation given one type argument and a schema names the fix', () => {
  // TypeScript infers no type argument once one is given: the schema's type must be given too.
  it.each(['query', 'mutation'])('%s', (operation) => {
    const editor = editorOf(
      'gqlOneTypeArgument.ts',
      `${setup}
export const op = new GQLEndpoint('/graphql').${operation}<{ id: string }>('${operation} Op($id: ID!) { user(id: $id) { id name } }', { user: GUser })
`,
    )
    const messages = editor.errors().map((error) => error.message)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('GiveTheSchemaTypeToo')
  })
})

describe('data read through a plain-object schema shows as the data', () => {
  // It showed as the schema: `DenormalizeObject<{ readonly results: readonly [typeof Todo];
  // readonly next: "" }>`, where `next: ""` reads as the literal '' (it is `string`).
  it.each([
    [
      'a plain-object schema',
      `const getPage = new RestEndpoint({ path: '/todos', schema: { results: [Todo], next: '' } })
export async function load() {
  const /*^*/page = await controller.fetch(getPage)
  return page
}`,
      'const page: { results: Todo[]; next: string; }',
    ],
    [
      'a nested one',
      `const getFeed = new RestEndpoint({
  path: '/feed',
  schema: { page: { results: [Todo], total: 0 }, pinned: Todo },
})
export async function load() {
  const /*^*/feed = await controller.fetch(getFeed)
  return feed
}`,
      'const feed: { page: { results: Todo[]; total: number; }; pinned: Todo; }',
    ],
    [
      'schema.Object',
      `const getPage = new RestEndpoint({
  path: '/todos',
  schema: new schema.Object({ results: new schema.Array(Todo) }),
})
export async function load() {
  const /*^*/page = await controller.fetch(getPage)
  return page
}`,
      'const page: { results: Todo[]; }',
    ],
    [
      'a normalized result',
      `export const /*^*/result = normalize({ results: [Todo], next: '' }, {}).result`,
      'const result: { results: PkReference[]; next: string; }',
    ],
  ])('%s', (_what, source, shown) => {
    const editor = editorOf('plainObjectHover.ts', `${setup}\n${source}\n`)
    expect(editor.errors()).toEqual([])
    expect(editor.hover()).toBe(shown)
  })
})

describe('a hook given wrong params names them first, not `null`', () => {
  // The hooks took `...args: [null] | Args`: a wrong param read "'{ id: number; }' is not
  // assignable to type 'null'", never naming the param. The first overload now takes the args.
  it.each(['useCache', 'useDLE', 'useFetch', 'useError', 'useSubscription', 'useSuspense'])(
    '%s',
    (hook) => {
      const file = `${setup}
import { ${hook} } from 'rtk-resources/react'
const getTodo = new RestEndpoint({ path: '/lists/:listId/todos/:todoId', schema: Todo })
export function View() {
  ${hook}(getTodo, { listId: 1, id: 2 })
  return null
}
`
      const errors = editorOf(`hookParams-${hook}.tsx`, file).errors()
      expect(errors).toHaveLength(1)
      const lines = errors[0]?.message.split('\n') ?? []
      // The first explanation is the args overload's, and names the stray param.
      const firstReason = lines.find((line) => line.includes('does not exist'))
      expect(firstReason).toContain("'id' does not exist")
      expect(lines.findIndex((line) => line.includes("'id' does not exist"))).toBeLessThan(
        lines.findIndex((line) => line.includes("'null'")),
      )
    },
  )
})
