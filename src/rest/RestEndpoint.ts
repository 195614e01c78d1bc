import { EndpointBase } from '../endpoint/Endpoint'
import { fetchResponse } from '../endpoint/fetchResponse'
import type { RequestInput } from '../endpoint/fetchResponse'
import { mergeHeaders, toHeaderRecord } from '../endpoint/headers'
import type { HeadersInput } from '../endpoint/headers'
import { parseResponse } from '../endpoint/parseResponse'
import { checkedInit, withHeaders } from '../endpoint/requestInit'
import { serverErrorPolicy } from '../endpoint/serverErrorPolicy'
import { eitherSignal, releaseSignal } from '../internal/abort'
import { PathParamError } from '../internal/errors'
import { hasOwn, isPlainObject } from '../internal/ownKeys'
import type { PageParams, PaginatedEndpoint, RemoveCursor } from './paginated'
import { buildPaginated } from './paginated'
import { buildUrl, pathParamNames, searchToString } from './paths'
import { restKeyMatches } from './testKey'
import type { Grow } from './growable'
import { GROWS } from './growable'
import type {
  GenericsOf,
  InferredOptions,
  MergeGenerics,
  MethodOf,
  SideEffectOf,
  RestArgs,
  RestEndpointOptions,
  RestExtended,
  RestFetch,
  RestGenerics,
  SchemaOf,
} from './restTypes'
import { boundedKey, boundedParams } from '../internal/boundedKey'

const BODYLESS = new Set(['GET', 'HEAD', 'DELETE'])

/** Endpoints whose name was made from `urlPrefix` + `path` (none given): `extend` makes it again. */
const namedFromPath = new WeakSet<object>()

/** True when a call of `endpoint` takes a body (its last argument). */
function takesBody(endpoint: RestEndpoint): boolean {
  if (BODYLESS.has(String(endpoint.method).toUpperCase())) return false
  return !('body' in endpoint && (endpoint as { body?: unknown }).body === undefined)
}

/** `[params, body]` of a call. */
function splitArgs(endpoint: RestEndpoint, args: readonly unknown[]): [object, unknown] {
  if (!takesBody(endpoint)) return [(args[0] as object | undefined) ?? {}, undefined]
  if (args.length < 2) return [{}, args[0]]
  return [(args[0] as object | undefined) ?? {}, args[1]]
}

/**
 * `endpoint.url(params)`; a param missing from a one-argument call that takes a body, found in
 * that argument, says how to call it: the one argument was taken as the body.
 */
function urlOf(endpoint: RestEndpoint, params: object, args: readonly unknown[]): string {
  try {
    return endpoint.url(params)
  } catch (error) {
    const onlyBody = takesBody(endpoint) && args.length === 1 && isPlainObject(args[0])
    if (
      !(error instanceof PathParamError) ||
      error.problem !== 'missing' ||
      !onlyBody ||
      !hasOwn(args[0] as object, error.param)
    ) {
      throw error
    }
    // Every path param goes in the first argument, not only the one found missing first.
    const params = [...pathParamNames(error.path)].join(', ') || error.param
    throw new PathParamError(error.path, error.param, 'missing', undefined, {
      hint:
        `The call had one argument, which this ${String(endpoint.method)} takes as the body ` +
        `(its "${error.param}" is not read as a param). Call it with the params first and the ` +
        `body second: endpoint({ ${params} }, body).`,
    })
  }
}

/** The function every RestEndpoint wraps: url → getRequestInit → fetchResponse → parseResponse. */
async function restFetch(this: RestEndpoint, ...args: unknown[]): Promise<unknown> {
  const [params, body] = splitArgs(this, args)
  const url = urlOf(this, params, args)
  const init = checkedInit(this, await this.getRequestInit(body))
  try {
    const response = await this.fetchResponse(url, init)
    return await this.parseResponse(response)
  } finally {
    if (init.signal) releaseSignal(init.signal)
  }
}

/**
 * True when a body is sent as JSON: anything but what `fetch` sends as it is (a string, `Blob`,
 * `FormData`, `URLSearchParams`, binary data, a stream) and `null`. So a plain object, an array,
 * a number, and an object of a class (an Entity instance read from the cache) are JSON, never
 * `"[object Object]"`.
 */
function sentAsJson(body: unknown): boolean {
  if (body === undefined || body === null || typeof body === 'string') return false
  if (typeof body !== 'object') return typeof body === 'number' || typeof body === 'boolean'
  if (isPlainObject(body) || Array.isArray(body)) return true
  // By tag as well as by class: a FormData or Blob of another realm (a test environment's) too.
  return !(ArrayBuffer.isView(body) || RAW_BODY_TAGS.has(Object.prototype.toString.call(body)))
}

const RAW_BODY_TAGS = new Set(
  ['Blob', 'File', 'FormData', 'URLSearchParams', 'ReadableStream', 'ArrayBuffer'].map(
    (name) => `[object ${name}]`,
  ),
)

/** Options without `undefined` members (except `body`, where `undefined` means "none"). */
function definedOptions(options: object): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [member, value] of Object.entries(options)) {
    if (value !== undefined || member === 'body') out[member] = value
  }
  return out
}

/**
 * An endpoint for one HTTP route. A call fills the path template with its params (the rest
 * become a sorted query string), sends the body as JSON, and resolves to the parsed response.
 * Each step is a method you can replace in a subclass or with `extend({...})`:
 * `url()` → `getRequestInit(body)` → `getHeaders(headers)` → `fetchResponse(input, init)` →
 * `parseResponse(response)` → `process(value, ...args)`.
 *
 * @example
 * ```ts
 * const getTodo = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo })
 * const todo = await getTodo({ id: 1 }) // GET https://api.example.com/todos/1
 * const updateTodo = getTodo.extend({ method: 'PATCH', body: {} as Partial<Todo> })
 * ```
 * @template O - the options it was made with (path, schema, method, body, searchParams, ...)
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md
 */
// Callable through EndpointBase's call signature alone: a merged interface's second, identical
// one made every mistaken call report "No overload matches this call" with the error twice.
export class RestEndpoint<const O extends RestGenerics = any> extends EndpointBase<
  RestFetch<O>,
  SchemaOf<O>
> {
  /** Type only: the options this endpoint's types come from. */
  declare readonly '~generics'?: O
  /** The path template. */
  declare readonly path: O['path']
  /** Put in front of the path (default `''`). */
  declare readonly urlPrefix: string
  /** The HTTP method (default `GET`). */
  declare readonly method: MethodOf<O>
  /**
   * A mutation: never deduplicated or served from the cache. Unless given, `true` for every
   * method but GET and HEAD, `undefined` for those.
   */
  declare readonly sideEffect: SideEffectOf<O>
  /** Request settings merged into every request. */
  declare readonly requestInit?: RequestInit
  /** Aborts the endpoint's requests when it aborts (see `RestEndpointOptions.signal`). */
  declare readonly signal?: AbortSignal
  /** Type only: the body calls take (see {@link RestGenerics}). */
  declare readonly body?: O['body']
  /** Type only: the query params calls take. */
  declare readonly searchParams?: O['searchParams']

  constructor(options: RestEndpointOptions<O> & InferredOptions<O>) {
    const own = definedOptions(options)
    // As in data-client: an explicit `sideEffect` (even `undefined`) is kept; without a method,
    // `sideEffect: true` means POST.
    if ('sideEffect' in options) own.sideEffect = options.sideEffect
    if (own.method === undefined && own.sideEffect === true) own.method = 'POST'
    const derivedName = own.name === undefined
    own.name ??= `${(own.urlPrefix as string | undefined) ?? ''}${options.path}`
    super((options.fetch ?? restFetch) as unknown as RestFetch<O>, own)
    if (derivedName) namedFromPath.add(this)
  }

  /** The URL of a call: `urlPrefix` + the filled path + the sorted query string. */
  url(params: object = {}): string {
    return buildUrl(this.urlPrefix ?? '', this.path, params, (search) =>
      this.searchToString(search),
    )
  }

  /**
   * The query string of a call (without `?`) from its params that are not path params. Default:
   * sorted by key, `undefined` left out, arrays repeat the key (`tag=a&tag=b`). Override it for
   * another format (`tag[]=a`, comma lists); `url()`, `key()` and the request all use it.
   */
  searchToString(searchParams: Record<string, unknown>): string {
    return searchToString(searchParams)
  }

  /** The cache key of a call: `METHOD url` (the body is not part of it). */
  key(...args: RestArgs<O>): string {
    const [params] = splitArgs(this, args)
    // Long values shortened in place: the key keeps its path, so testKey and lists that grow
    // still read it.
    return boundedKey(`${this.method} ${urlOf(this, boundedParams(params) as object, args)}`)
  }

  /**
   * True when `key` is a cache key of this endpoint: its method, then a URL that `urlPrefix` +
   * `path` matches, with any query string. Works detached.
   */
  testKey(key: string): boolean {
    return restKeyMatches(String(this.method), this.urlPrefix ?? '', this.path, key)
  }

  /**
   * The fetch settings of a call: `requestInit`, the method, the body (plain objects, arrays,
   * numbers, booleans and class instances as JSON with `Content-Type: application/json`;
   * FormData, strings, Blobs, URLSearchParams and binary data untouched) and the
   * headers from `getHeaders`. Returned as it is when `getHeaders` returns its headers (so an
   * override may spread it without `await`, as rest-hooks 7's did), else as a promise.
   */
  getRequestInit(body?: unknown): RequestInit | Promise<RequestInit> {
    const base = this.requestInit ?? {}
    const json = sentAsJson(body)
    const headers = json
      ? mergeHeaders({ 'Content-Type': 'application/json' }, base.headers)
      : toHeaderRecord(base.headers)
    const init: RequestInit = { ...base, method: this.method }
    if (this.signal)
      init.signal = base.signal ? eitherSignal(base.signal, this.signal) : this.signal
    // The call's body only: a `body` in requestInit is not sent (a GET with one cannot be sent).
    if (body !== undefined) init.body = json ? JSON.stringify(body) : (body as BodyInit)
    else delete init.body
    return withHeaders(init, this.getHeaders(headers))
  }

  /** The headers of a request (default: unchanged). Override to add auth headers. */
  getHeaders(headers: Record<string, string>): HeadersInput | Promise<HeadersInput> {
    return headers
  }

  /**
   * Performs the request with `fetch`; failures reject with a NetworkError (an abort with its
   * own error).
   */
  fetchResponse(input: RequestInput, init: RequestInit): Promise<Response> {
    return fetchResponse(input, init)
  }

  /** Reads the response: JSON; `null` for 204, 205 or an empty body; NetworkError otherwise. */
  parseResponse(response: Response): Promise<any> {
    return parseResponse(response)
  }

  /**
   * A new endpoint of the same class with `options` replacing this one's. A given name is kept;
   * a name made from `urlPrefix` + `path` is made again from the new ones.
   */
  extend<E extends RestEndpoint, const N extends object>(
    this: E,
    options: RestEndpointOptions<MergeGenerics<GenericsOf<E>, N> & RestGenerics> &
      InferredOptions<N>,
  ): RestExtended<E, N> {
    // No options (`undefined`): a copy, as data-client's spread of them makes.
    const given: object = options ?? {}
    const Class = this.constructor as new (options: object) => RestExtended<E, N>
    const own: Record<string, unknown> = {
      name: this.name,
      method: this.method,
      fetch: this.fetchFunction,
    }
    for (const member of Object.keys(this)) own[member] = (this as Record<string, unknown>)[member]
    // A new method without a new sideEffect: the sideEffect follows the method again.
    if ('method' in given && !('sideEffect' in given)) delete own.sideEffect
    if (namedFromPath.has(this)) delete own.name
    const extended = new Class({ ...own, ...given })
    // A list that grows gives the new endpoint its own push and unshift.
    const grow = (this as { [GROWS]?: Grow })[GROWS]
    if (typeof grow === 'function') grow(extended)
    return extended
  }

  /**
   * An endpoint for the next pages of this list: each page's items are appended (deduplicated by
   * pk, order kept) to the list that `removeCursor(...args)` names, and its other members
   * (cursors, tokens) replace the list's. `removeCursor` gives this list's arguments from a page's
   * (typed as the list's: they key the list the pages join), or name the cursor param:
   * `paginated('cursor')`.
   */
  paginated<E extends RestEndpoint, TArgs extends any[]>(
    this: E,
    removeCursor: (...args: TArgs) => readonly [...Parameters<E>],
  ): PaginatedEndpoint<E, TArgs>
  paginated<E extends RestEndpoint, TField extends string>(
    this: E,
    cursorField: TField,
  ): PaginatedEndpoint<E, [params: PageParams<Parameters<E>[0], TField>]>
  paginated(this: RestEndpoint, removeCursor: RemoveCursor): unknown {
    return buildPaginated(this, removeCursor)
  }
}

Object.defineProperties(RestEndpoint.prototype, {
  urlPrefix: { value: '', writable: true, configurable: true },
  method: { value: 'GET', writable: true, configurable: true },
  // Unless given: `true` for every method but GET and HEAD, `undefined` for those (data-client).
  sideEffect: {
    get(this: RestEndpoint) {
      return ['GET', 'HEAD'].includes(String(this.method).toUpperCase()) ? undefined : true
    },
    configurable: true,
  },
})

// On the prototype, not an own member: a subclass's own `errorPolicy` method overrides it, and an
// `errorPolicy` option (an own member) does too, as with data-client's RestEndpoint.
Object.defineProperty(RestEndpoint.prototype, 'errorPolicy', {
  value: serverErrorPolicy,
  writable: true,
  configurable: true,
})
