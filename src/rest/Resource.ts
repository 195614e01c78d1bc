import { fetchResponse } from '../endpoint/fetchResponse'
import type { RequestInput } from '../endpoint/fetchResponse'
import { parseResponse } from '../endpoint/parseResponse'
import { SchemaDefinitionError } from '../internal/errors'
import { DeleteEntitySchema } from '../schema/Delete'
import { Entity } from '../schema/Entity'
import type { EntityClass } from '../schema/Entity'
import { RestEndpoint } from './RestEndpoint'

/** A `Resource` subclass (the class itself, used as a schema). */
export type ResourceClass = typeof Resource

type Fields<T> = Partial<Omit<T, 'pk'>>

/** The endpoints made by a Resource's static factories. */
export type ResourceDetail<R> = RestEndpoint<{ path: '/:id'; schema: R }>
// `schema: any` (not `R[]`): subclasses replace list() with other schemas (pagination recipes),
// and a static override must stay assignable to the base signature.
export type ResourceList<_R> = RestEndpoint<{
  path: '/'
  schema: any
  searchParams: Record<string, string | number | boolean | undefined>
}>
export type ResourceCreate<R> = RestEndpoint<{
  path: '/'
  schema: R
  method: 'POST'
  body: Fields<InstanceOf<R>>
}>
export type ResourceUpdate<R, M extends 'PUT' | 'PATCH'> = RestEndpoint<{
  path: '/:id'
  schema: R
  method: M
  body: Fields<InstanceOf<R>>
}>
export type ResourceDelete<R> = RestEndpoint<{
  path: '/:id'
  schema: DeleteEntitySchema<R & EntityClass>
  method: 'DELETE'
  process: (value: unknown, params: { id: string | number }) => unknown
}>
type InstanceOf<R> = R extends abstract new (...args: any[]) => infer I ? I : never

/** `https://host/api/users/` → prefix `https://host`, path `/api/users`. */
function splitRoot(urlRoot: string): { urlPrefix: string; path: string } {
  const match = /^((?:[a-z][a-z0-9+.-]*:)?\/\/[^/]+)(.*)$/i.exec(urlRoot)
  const path = (match ? (match[2] as string) : urlRoot).replace(/\/+$/, '')
  return { urlPrefix: match ? (match[1] as string) : '', path }
}

function hasKeys(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0
}

const memos = new WeakMap<object, Map<string, RestEndpoint>>()

/**
 * The older line's class-based resource, for teams migrating: an Entity that also knows its
 * REST endpoints. `static urlRoot` is the collection URL; `detail()`, `list()`, `create()`,
 * `update()`, `partialUpdate()` and `delete()` return RestEndpoints (list and create at
 * `urlRoot`, the others at `urlRoot/:id`). Override `static fetchResponse(input, init)` to change
 * how requests are made or read (it may return a Response, or the already-parsed value). Records
 * share tables with every other Entity of the same `key`.
 *
 * @example
 * ```ts
 * class Article extends Resource {
 *   id = 0
 *   title = ''
 *   pk() { return this.id }
 *   static key = 'Article'
 *   static urlRoot = 'https://api.example.com/articles'
 * }
 * const article = await Article.detail()({ id: 1 }) // GET https://api.example.com/articles/1
 * ```
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/migrating-from-resource.md
 */
export abstract class Resource extends Entity {
  /** The collection URL (`https://api.example.com/articles` or `/api/articles`). */
  static urlRoot: string

  /** Makes a request. Override to read headers or change the transport; may return the value. */
  static fetchResponse(input: RequestInput, init: RequestInit): Promise<any> {
    return fetchResponse(input, init)
  }

  /** GET `urlRoot/:id`. */
  static detail<R extends ResourceClass>(this: R): ResourceDetail<R> {
    return endpointOf(this, 'detail', { path: '/:id', schema: this })
  }

  /** GET `urlRoot` with the params as query string. */
  static list<R extends ResourceClass>(this: R): ResourceList<R> {
    return endpointOf(this, 'list', { path: '', schema: [this] })
  }

  /** POST `urlRoot` with the body. */
  static create<R extends ResourceClass>(this: R): ResourceCreate<R> {
    return endpointOf(this, 'create', { path: '', schema: this, method: 'POST' })
  }

  /** PUT `urlRoot/:id` with the body. */
  static update<R extends ResourceClass>(this: R): ResourceUpdate<R, 'PUT'> {
    return endpointOf(this, 'update', { path: '/:id', schema: this, method: 'PUT' })
  }

  /** PATCH `urlRoot/:id` with some fields. */
  static partialUpdate<R extends ResourceClass>(this: R): ResourceUpdate<R, 'PATCH'> {
    return endpointOf(this, 'partialUpdate', { path: '/:id', schema: this, method: 'PATCH' })
  }

  /** DELETE `urlRoot/:id`; resolves to the response when it has keys, else to the params. */
  static delete<R extends ResourceClass>(this: R): ResourceDelete<R> {
    return endpointOf(this, 'delete', {
      path: '/:id',
      schema: new DeleteEntitySchema(this as never),
      method: 'DELETE',
      process: (value: unknown, params: unknown) => (hasKeys(value) ? value : params),
    })
  }
}

/** Builds (once per class and factory) a RestEndpoint that makes requests through the class. */
function endpointOf(resource: ResourceClass, factory: string, own: Record<string, unknown>): never {
  let byFactory = memos.get(resource)
  if (!byFactory) {
    byFactory = new Map()
    memos.set(resource, byFactory)
  }
  const existing = byFactory.get(factory)
  if (existing) return existing as never
  if (typeof resource.urlRoot !== 'string') {
    throw new SchemaDefinitionError(
      `${resource.name} has no static urlRoot. Add static urlRoot = 'https://host/collection'.`,
    )
  }
  const { urlPrefix, path } = splitRoot(resource.urlRoot)
  const endpoint = new RestEndpoint({
    ...own,
    urlPrefix,
    path: `${path}${own.path as string}` || '/',
    name: `${resource.name}.${factory}`,
    fetchResponse: (input: RequestInput, init: RequestInit) => resource.fetchResponse(input, init),
    parseResponse: (value: unknown) => (value instanceof Response ? parseResponse(value) : value),
  } as never) as unknown as RestEndpoint
  byFactory.set(factory, endpoint)
  return endpoint as never
}
