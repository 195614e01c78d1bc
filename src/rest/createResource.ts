import { describeValue } from '../internal/describe'
import { SchemaDefinitionError, UNLOADED_IMPORT } from '../internal/errors'
import { isPlainObject, setOwn } from '../internal/ownKeys'
import { isEntitySchema, refuseEntityInstance } from '../normalizr/isEntity'
import { DeleteEntitySchema } from '../schema/Delete'
import { UnionSchema } from '../schema/Union'
import { makeGrowable } from './collection'
import { warnMisspelledOptions } from './optionTypos'
import { warnPathShape } from './pathWarnings'
import { RestEndpoint } from './RestEndpoint'
import { withExtend } from './resourceExtend'
import type {
  RestResource,
  ResourceBody,
  ListSearch,
  ResourceOptions,
  RestEndpointClass,
} from './resourceTypes'
import { shortenPath } from './shortenPath'

/**
 * The optimistic record of a write to `schema`: `(body)`, or `(params, body)` with the params
 * the record declares as fields, in their types ({@link fieldsFromParams}: a router's `'7'` for
 * `id = 0` shows as `7`, as the server's answer will).
 */
function expectedRecordOf(schema: unknown) {
  return (_snapshot: unknown, ...args: unknown[]): unknown => {
    const body = args[args.length - 1]
    const params = args.length > 1 ? args[0] : undefined
    return { ...fieldsFromParams(schema, params), ...(body as object | undefined) }
  }
}

/** The optimistic answer of a delete: its params, which name the record. */
function expectedDeletion(_snapshot: unknown, params: unknown): unknown {
  return params
}

/**
 * The fields a write's params give its record, for an Entity schema: the params the class
 * declares as fields, each in the field's type where a route gives a string (`'1'` for `id = 0`
 * is `1`); params it does not declare name the record only (a parent's id in the path). Other
 * schemas take the params as they are.
 */
function fieldsFromParams(schema: unknown, params: unknown): Record<string, unknown> {
  if (!isPlainObject(params)) return {}
  if (!isEntitySchema(schema)) return { ...params }
  let defaults: Record<string, unknown>
  try {
    defaults = (schema as unknown as { fromJS(): Record<string, unknown> }).fromJS()
  } catch {
    return { ...params } // a fromJS that needs its props: the params as they are
  }
  const fields: Record<string, unknown> = {}
  for (const name of Object.keys(params)) {
    if (!(name in defaults)) continue
    const value = params[name]
    const numeric = typeof defaults[name] === 'number' && typeof value === 'string'
    setOwn(
      fields,
      name,
      numeric && value.trim() !== '' && !isNaN(Number(value)) ? Number(value) : value,
    )
  }
  return fields
}

/** True for a response worth resolving to (an object with at least one key). */
function hasKeys(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0
}

/** The name members are prefixed with: the entity key, else the schema's name. */
function baseName(schema: unknown): string {
  const named = schema as { key?: unknown; name?: unknown } | null
  if (typeof named?.key === 'string') return named.key
  return typeof named?.name === 'string' && named.name ? named.name : 'Resource'
}

/** Throws unless `options` has a string `path` (every member's URL is built from it). */
function requirePath(options: unknown): void {
  const path = isPlainObject(options) ? options.path : undefined
  if (typeof path === 'string') return
  if (isPlainObject(options)) warnMisspelledOptions(options)
  const given = !isPlainObject(options)
    ? `it was given ${describeValue(options, 80)} instead of options`
    : path === undefined
      ? 'the options have none'
      : `it was given path: ${describeValue(path, 80)}`
  throw new SchemaDefinitionError(
    "createResource needs a `path` option, the path of one record ('/todos/:id', or " +
      `'https://api.example.com/todos/:id'), from which every member's URL is built; ${given}. ` +
      "Add `path` to the options (`urlRoot` is the Resource class's, not createResource's).",
  )
}

/**
 * Throws where the resource is written when its `schema` is an Entity instance (`new Todo()`),
 * or is missing or `undefined` (most often an Entity imported before its module finished
 * loading): its members would store responses unnormalized, and `getList` (`[undefined]`) would
 * fail at its first response. rest-hooks 7 failed here too, with a TypeError.
 */
function requireSchema(options: { readonly path: string; readonly schema?: unknown }): void {
  const { schema } = options
  // `schema: new Todo()`: refused where the resource is written.
  if (typeof schema === 'object' && schema !== null) refuseEntityInstance(schema)
  if (schema !== undefined) return
  const given = 'schema' in options ? 'got `schema: undefined`' : 'has no `schema` option'
  throw new SchemaDefinitionError(
    `createResource for "${options.path}" ${given}: give it the schema of one record (an ` +
      `Entity class). An undefined one is most often ${UNLOADED_IMPORT}: import the Entity from ` +
      'its own module (not through a module that imports this resource), or create the ' +
      'resource after the Entity is defined.',
  )
}

/**
 * Creates the endpoints of a REST resource from the path of one record: `get`, `getList`,
 * `create`, `update`, `partialUpdate` and `delete`. Every other option (`urlPrefix`,
 * `requestInit`, `getHeaders`, expiry lengths, ...) reaches every member, and `Endpoint` is the
 * class every member is built with.
 *
 * @example
 * ```ts
 * const TodoResource = createResource({
 *   urlPrefix: 'https://api.example.com',
 *   path: '/todos/:id',
 *   schema: Todo,
 * })
 * const todo = await TodoResource.get({ id: 1 }) // GET /todos/1
 * await TodoResource.create({ title: 'Write docs' }) // POST /todos
 * ```
 * @template TPath - the path template of one record
 * @template TSchema - the schema of one record
 * @template TBody - the body of create/update (default: any fields of the schema's type)
 * @template TSearch - getList's query params (default: `ListSearch`: any names, each a string,
 *   number, boolean, a list of them, or undefined)
 * @template TEndpoint - the endpoint class
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/createResource.md
 */
export function createResource<
  TPath extends string,
  TSchema,
  TBody = ResourceBody<TSchema>,
  TSearch = ListSearch,
  TEndpoint extends RestEndpointClass = typeof RestEndpoint,
>(
  options: ResourceOptions<TPath, TSchema, TBody, TSearch, TEndpoint>,
): RestResource<TPath, TSchema, TBody, TSearch, InstanceType<TEndpoint>> {
  requirePath(options)
  requireSchema(options)
  warnMisspelledOptions(options)
  warnPathShape(options.path, options.urlPrefix)
  const {
    path,
    schema,
    Endpoint = RestEndpoint as unknown as TEndpoint,
    body: _body,
    searchParams: _searchParams,
    optimistic,
    ...extra
  } = options
  const Class = Endpoint as unknown as new (options: object) => RestEndpoint
  const base = baseName(schema)
  const member = (name: string, own: object) =>
    new Class({ ...extra, ...own, name: `${base}.${name}` })
  const listPath = shortenPath(path)
  const userProcess = extra.process ?? Class.prototype.process
  // With `optimistic`, writes show their expected result at once (params + body; for delete,
  // the params name the record).
  // An optimistic edit answered without a body (204): the server accepted what was shown, so
  // that is what is stored (and resolved), not nothing (which would undo it on screen).
  function confirmEmpty(this: RestEndpoint, value: unknown, ...args: unknown[]): unknown {
    const processed: unknown = Reflect.apply(userProcess, this, [value, ...args])
    if (processed !== null && processed !== undefined && processed !== '') return processed
    const [params, body] = args.length > 1 ? args : [undefined, args[0]]
    return { ...fieldsFromParams(schema, params), ...(body as object | undefined) }
  }
  const expect = optimistic ? { getOptimisticResponse: expectedRecordOf(schema) } : {}
  const expectEdit = optimistic ? { ...expect, process: confirmEmpty } : {}
  const expectDeleted = optimistic ? { getOptimisticResponse: expectedDeletion } : {}

  const getList = member('getList', { path: listPath, schema: [schema] })
  makeGrowable(getList, optimistic ? expect : undefined)

  return withExtend({
    get: member('get', { path, schema }),
    getList,
    // `getList.push` under its own name, as data-client 0.2–0.7 make it: the created record is
    // added to every stored list of getList whose args it matches.
    create: (getList as RestEndpoint & { push: RestEndpoint }).push.extend({
      name: `${base}.create`,
    } as never),
    update: member('update', { path, schema, method: 'PUT', ...expectEdit }),
    partialUpdate: member('partialUpdate', { path, schema, method: 'PATCH', ...expectEdit }),
    delete: member('delete', {
      ...expectDeleted,
      path,
      // A Union's member is deleted too (data-client 0.2 left a Union resource's delete undone).
      schema:
        isEntitySchema(schema) || schema instanceof UnionSchema
          ? new DeleteEntitySchema(schema as never)
          : schema,
      method: 'DELETE',
      process(this: RestEndpoint, value: unknown, ...args: unknown[]) {
        const processed: unknown = Reflect.apply(userProcess, this, [value, ...args])
        return hasKeys(processed) ? processed : args[0]
      },
    }),
  }) as never
}
