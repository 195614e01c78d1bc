import { EndpointBase } from '../endpoint/Endpoint'
import { mergeHeaders } from '../endpoint/headers'
import { requestUrl } from '../endpoint/fetchResponse'
import type { RequestInput } from '../endpoint/fetchResponse'
import { checkedInit, withHeaders } from '../endpoint/requestInit'
import { serverErrorPolicy } from '../endpoint/serverErrorPolicy'
import type { HeadersInput } from '../endpoint/headers'
import { eitherSignal, isSignalError, releaseSignal } from '../internal/abort'
import { NetworkError, SchemaDefinitionError } from '../internal/errors'
import { stableStringify } from '../internal/stableStringify'
import { parseGraphQLResponse } from './parseGraphQL'
import { boundedKey, boundedPart } from '../internal/boundedKey'
import type { Denormalize } from '../schema/types'

/** Options of a {@link GQLEndpoint} but `process`. */
interface GQLBaseOptions {
  /** Request settings merged into every request (headers, credentials, ...). */
  requestInit?: RequestInit | undefined
  /** Aborts every request of the endpoint (with one in `requestInit` too, either aborts). */
  signal?: AbortSignal | undefined
  dataExpiryLength?: number | undefined
  errorExpiryLength?: number | undefined
  invalidIfStale?: boolean | undefined
  pollFrequency?: number | undefined
  /** Soft or hard for a failure (see `EndpointOptions.errorPolicy`). */
  errorPolicy?: ((error: any) => 'soft' | 'hard' | undefined) | undefined
  name?: string
  /**
   * Replaces the request: called with the variables (and `this` = the endpoint) in place of the
   * POST to the server, as `Endpoint`'s `fetch` option (a mock, a persisted-query client).
   */
  fetch?: ((variables?: any) => Promise<any>) | undefined
  /** Any other member (readable as `this.member` in overrides). */
  [member: string]: unknown
}

/** Options of a {@link GQLEndpoint}. */
export interface GQLOptions extends GQLBaseOptions {
  /**
   * Post-processes each call's `data` (with the call's variables) before it is normalized; a
   * direct call resolves to what it returns. Given here, it applies to every operation made
   * from the endpoint, until an operation's `extend({ process })` replaces it.
   */
  process?: GQLProcess
}

/** Members of an operation that `extend` may replace besides the options. */
interface GQLOperationMembers {
  gql?: string
  schema?: unknown
  sideEffect?: boolean
}

/** The variables a GraphQL operation takes. */
export type GQLVariables = Record<string, unknown>

/**
 * A `process` option: the response's `data` and the call's variables in, the call's value out.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/GQLEndpoint.md
 */
export type GQLProcess = (value: any, ...args: any[]) => unknown

/**
 * Type only: what the schema parameter of `query<Variables>(text, schema)` expects when one type
 * argument is given, so that the compiler's message names the fix: TypeScript infers no type
 * argument once one is given, so give the schema's type too,
 * `query<{ id: string }, typeof schema>(text, schema)`, or none.
 */
export interface GiveTheSchemaTypeToo {
  readonly '~ give both type arguments: query<Variables, typeof schema>(text, schema)': never
}

/**
 * The arguments of an operation's calls and keys: its variables, required when their type has a
 * required member (`{ id: string }`), else optional (none typed, or all optional).
 */
type GQLArgs<TVariables> =
  Record<never, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables]

/**
 * What calling an operation directly resolves to: what its `process` returns (awaited) when it
 * has one, else its `data`, typed by the schema as the Controller's `fetch` types it; `any`
 * without a schema.
 * @template TSchema - the schema of its `data`
 * @template TProcess - its `process` option's type (`undefined` or `any`: none known)
 */
export type GQLResult<TSchema, TProcess = undefined> = 0 extends 1 & TProcess
  ? GQLResult<TSchema, undefined>
  : [TProcess] extends [(...args: any[]) => infer TOut]
    ? Awaited<TOut>
    : unknown extends TSchema
      ? any
      : [TSchema] extends [undefined]
        ? any
        : Denormalize<TSchema>

type GQLFetch<TVariables, TSchema, TProcess> = (
  ...args: GQLArgs<TVariables>
) => Promise<GQLResult<TSchema, TProcess>>

/** What `gql.mutation(...)` returns: a GQLEndpoint whose `sideEffect` is typed `true`. */
export type GQLMutation<
  TVariables extends GQLVariables,
  TSchema,
  TProcess extends GQLProcess | undefined = any,
> = GQLEndpoint<TVariables, TSchema, TProcess> & { readonly sideEffect: true }

/**
 * What `extend({ process })` returns: the endpoint with its calls resolving to `process`'s
 * result, its variables, schema, `sideEffect` and a subclass's members kept.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/GQLEndpoint.md
 */
export type GQLProcessed<
  TEndpoint,
  TVariables extends GQLVariables,
  TSchema,
  TProcess,
> = GQLEndpoint<TVariables, TSchema, Extract<TProcess, GQLProcess>> &
  Omit<TEndpoint, Exclude<keyof GQLEndpoint, 'sideEffect'>>

/**
 * Options of `extend`: every option, and the operation's members (`gql`, `schema`, `sideEffect`).
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/GQLEndpoint.md
 */
export type GQLExtendOptions = GQLOptions & GQLOperationMembers

/**
 * The query text with its formatting taken out, so formatting does not change a cache key:
 * comments (`# ...` to the end of the line) removed, and runs of white space and commas (which
 * GraphQL ignores) made one space. String literals, block strings included, are kept as they
 * are: `"a  b"` and `"a b"` are different values.
 */
export function collapseWhitespace(query: string): string {
  let out = ''
  let space = false
  for (let i = 0; i < query.length;) {
    const char = query[i] as string
    if (char === '"') {
      const block = query.startsWith('"""', i)
      const end = block ? closingBlock(query, i + 3) : closingString(query, i + 1)
      if (space && out !== '') out += ' '
      space = false
      out += query.slice(i, end)
      i = end
    } else if (char === '#') {
      while (i < query.length && query[i] !== '\n' && query[i] !== '\r') i++
      space = true
    } else if (/[\s,]/.test(char)) {
      space = true
      i++
    } else {
      if (space && out !== '') out += ' '
      space = false
      out += char
      i++
    }
  }
  return out
}

/**
 * Query texts as keys hold them, by text: an app's operations are a fixed set of texts, so this
 * stays small; it is emptied past {@link KEY_TEXTS_LIMIT} (texts made at run time).
 */
const keyTexts = new Map<string, string>()
const KEY_TEXTS_LIMIT = 500

/** The query as its keys begin: without its formatting, shortened when long. */
function keyTextOf(query: string): string {
  let text = keyTexts.get(query)
  if (text === undefined) {
    if (keyTexts.size >= KEY_TEXTS_LIMIT) keyTexts.clear()
    keyTexts.set(query, (text = boundedPart(collapseWhitespace(query))))
  }
  return text
}

/** Where a `"..."` string that opened before `from` ends (after its closing quote). */
function closingString(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"' || text[i] === '\n') return i + 1
  }
  return text.length
}

/** Where a `"""..."""` block string that opened before `from` ends. */
function closingBlock(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text.startsWith('\\"""', i)) i += 3
    else if (text.startsWith('"""', i)) return i + 3
  }
  return text.length
}

/** The operation name of a query or mutation text, if it has one (comments are not read). */
function operationName(query: string): string | undefined {
  const text = collapseWhitespace(query)
  return /(?:^|[\s{}])(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(text)?.[1]
}

async function gqlFetch(this: GQLEndpoint, variables?: GQLVariables): Promise<unknown> {
  // Always a POST: settings without a method would go out as a GET without the query.
  const init = checkedInit(
    { name: this.name, method: 'POST' },
    await this.getRequestInit(variables ?? {}),
  )
  try {
    const response = await this.fetchResponse(this.url, init)
    return await this.parseResponse(response)
  } finally {
    if (init.signal) releaseSignal(init.signal)
  }
}

/**
 * A GraphQL server. `query(gql, schema)` and `mutation(gql, schema)` make endpoints that POST
 * `{ query, variables }` as JSON and resolve to the response's `data`, normalized by `schema`
 * into the same tables as REST endpoints (same Entity `key`, same records). Errors in the body
 * reject with a GraphQLError carrying `errors` and `status`; a status outside 200–299 without
 * them, with a NetworkError.
 * Mutations are side effects: never deduplicated, never served from cache. Keys are the query
 * with white space, commas and `#` comments collapsed, plus the variables.
 *
 * @example
 * ```ts
 * const gql = new GQLEndpoint('/graphql')
 * const getUser = gql.query(`query GetUser($id: ID!) { user(id: $id) { id name } }`, { user: User })
 * const { user } = await getUser({ id: '1' })
 * ```
 * @template TVariables - the variables of an operation
 * @template TSchema - the schema of its `data`
 * @template TProcess - the type of its `process` option, which calls resolve to (`undefined`,
 * or `any` as in an annotation `GQLEndpoint<V, S>` that takes any endpoint of those variables
 * and schema: calls resolve to the schema's type)
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/GQLEndpoint.md
 */
// Callable through EndpointBase's call signature alone: a merged interface's second, identical
// one made every mistaken call report "No overload matches this call" with the error twice.
export class GQLEndpoint<
  TVariables extends GQLVariables = any,
  TSchema = any,
  TProcess extends GQLProcess | undefined = any,
> extends EndpointBase<GQLFetch<TVariables, TSchema, TProcess>, TSchema> {
  /** Type only. */
  declare readonly '~schema'?: TSchema
  /** The server's URL. */
  declare readonly url: string
  /** The operation text (set by `query` / `mutation`). */
  declare readonly gql?: string
  /** Request settings merged into every request (see {@link GQLOptions.requestInit}). */
  declare readonly requestInit?: RequestInit
  /** Aborts every request of this endpoint (see {@link GQLOptions.signal}). */
  declare readonly signal?: AbortSignal

  constructor(url: string, options: GQLOptions & { process?: TProcess | GQLProcess } = {}) {
    super(gqlFetch as unknown as GQLFetch<TVariables, TSchema, TProcess>, {
      name: url,
      ...options,
      url,
    })
  }

  /**
   * An endpoint for a query: cached and deduplicated by query text and variables. Type the
   * variables with both type arguments (`query<{ id: string }, typeof schema>(text, schema)`) or
   * by annotating the result (`const getUser: GQLEndpoint<{ id: string }, typeof schema> =
   * gql.query(text, schema)`): TypeScript infers no type argument once one is given, so
   * `query<{ id: string }>(text, schema)` is refused rather than typing the data as `unknown`.
   * Variables with a required member are then required in every call, key and read.
   */
  query<TQueryVariables extends GQLVariables = GQLVariables>(
    gql: string,
    schema?: undefined,
    options?: GQLOptions,
  ): GQLEndpoint<TQueryVariables, unknown, TProcess>
  query<TQueryVariables extends GQLVariables, TQuerySchema = GiveTheSchemaTypeToo>(
    gql: string,
    schema?: TQuerySchema,
    options?: GQLOptions,
  ): GQLEndpoint<TQueryVariables, TQuerySchema, TProcess>
  query(gql: string, schema?: unknown, options: GQLOptions = {}): GQLEndpoint {
    return this.operation(gql, schema, false, options)
  }

  /**
   * An endpoint for a mutation: a side effect whose result updates every view of its entities.
   * Type arguments as for {@link GQLEndpoint.query}: both, or none.
   */
  mutation<TMutationVariables extends GQLVariables = GQLVariables>(
    gql: string,
    schema?: undefined,
    options?: GQLOptions,
  ): GQLMutation<TMutationVariables, unknown, TProcess>
  mutation<TMutationVariables extends GQLVariables, TMutationSchema = GiveTheSchemaTypeToo>(
    gql: string,
    schema?: TMutationSchema,
    options?: GQLOptions,
  ): GQLMutation<TMutationVariables, TMutationSchema, TProcess>
  mutation(gql: string, schema?: unknown, options: GQLOptions = {}): GQLEndpoint {
    return this.operation(gql, schema, true, options)
  }

  /**
   * The cache key: the query with white space, commas and `#` comments collapsed, then the
   * variables as sorted JSON.
   */
  key(...args: GQLArgs<TVariables>): string {
    const variables: GQLVariables | undefined = args[0]
    // The query and the variables each shortened when long: the key still starts with the
    // (shortened) query, as testKey reads it.
    const query = keyTextOf(this.requireQuery())
    return boundedKey(`${query} ${boundedPart(stableStringify(variables ?? {}))}`)
  }

  /** True when `key` is a cache key of this operation (any variables). Works detached. */
  testKey(key: string): boolean {
    if (typeof this.gql !== 'string') return false
    const head = `${keyTextOf(this.gql)} `
    if (!key.startsWith(head)) return false
    // What follows is the variables' JSON (an object), not more of another operation's text.
    const rest = key.slice(head.length)
    return rest.startsWith('{}') || rest.startsWith('{"')
  }

  /** The request: POST, JSON `{ query, variables }`, headers from `getHeaders`. */
  getRequestInit(variables: GQLVariables): RequestInit | Promise<RequestInit> {
    const base = this.requestInit ?? {}
    const headers = mergeHeaders({ 'Content-Type': 'application/json' }, base.headers)
    const init: RequestInit = {
      ...base,
      method: 'POST',
      body: JSON.stringify({ query: this.requireQuery(), variables }),
    }
    if (this.signal) {
      init.signal = base.signal ? eitherSignal(base.signal, this.signal) : this.signal
    }
    return withHeaders(init, this.getHeaders(headers))
  }

  /** The headers of a request (default: unchanged). Override to add auth headers. */
  getHeaders(headers: Record<string, string>): HeadersInput | Promise<HeadersInput> {
    return headers
  }

  /**
   * Performs the request with `fetch`. No response → NetworkError of status 0 (aborts stay
   * aborts); any status is passed on, since GraphQL servers put errors in 4xx bodies too.
   */
  async fetchResponse(input: RequestInput, init: RequestInit): Promise<Response> {
    try {
      return await fetch(input, init)
    } catch (cause) {
      if (isSignalError(cause)) throw cause
      const reason = cause instanceof Error ? cause.message : String(cause)
      const where = requestUrl(input)
      throw new NetworkError(0, `The GraphQL request to ${where} got no response: ${reason}`, {
        cause,
      })
    }
  }

  /** Reads `data`, or rejects with the GraphQL errors. */
  parseResponse(response: Response): Promise<any> {
    return parseGraphQLResponse(response)
  }

  /**
   * A new endpoint with `options` replacing this one's members. With a `process`, its calls
   * resolve to what `process` returns (`value` is the response's `data`, then the variables).
   */
  extend<TNewProcess extends (value: any, ...args: GQLArgs<TVariables>) => unknown>(
    // Without GQLOptions' own `process`, so that the function's parameters take their types
    // from this one's (the variables).
    options: GQLBaseOptions & GQLOperationMembers & { process: TNewProcess },
  ): GQLProcessed<this, TVariables, TSchema, TNewProcess>
  // Without a process: a process whose arguments do not fit this one's fails the first overload
  // and must not be taken here (the call's type would not follow it).
  extend(options: GQLExtendOptions & { process?: undefined }): this
  extend(options: GQLExtendOptions): this {
    // No options (`undefined`): a copy, as data-client's spread of them makes.
    const given: GQLOptions & { gql?: string } = options ?? {}
    const own: Record<string, unknown> = { name: this.name }
    for (const member of Object.keys(this)) own[member] = (this as Record<string, unknown>)[member]
    const Class = this.constructor as new (url: string, options: GQLOptions) => this
    const made = new Class(this.url, { ...own, ...given })
    // `fetch` replaces the request, here and in every endpoint extended from this one.
    const replaced =
      given.fetch ?? (this.fetchFunction === gqlFetch ? undefined : this.fetchFunction)
    if (replaced) {
      Object.defineProperty(made, 'fetchFunction', {
        value: replaced,
        writable: true,
        configurable: true,
      })
    }
    return made
  }

  private operation(gql: string, schema: unknown, sideEffect: boolean, options: GQLOptions) {
    if (typeof gql !== 'string') {
      throw new SchemaDefinitionError(
        `${sideEffect ? 'gql.mutation' : 'gql.query'} takes the operation as a string; it was ` +
          `given ${typeof gql === 'function' ? 'a function' : `a ${typeof gql}`}. Pass the ` +
          'text itself (`query GetUser($id: ID!) { user(id: $id) { id name } }`); the ' +
          'variables are the argument of each call. A (variables) => string query, as ' +
          "data-client takes, is not supported: the cache key is the operation's text.",
      )
    }
    const name = options.name ?? operationName(gql) ?? this.name
    // The options may hold a process of any type: through the implementation's signature.
    const extend = this.extend as (options: GQLExtendOptions) => unknown
    return extend.call(this, { ...options, name, gql, schema, sideEffect }) as never
  }

  private requireQuery(): string {
    if (typeof this.gql !== 'string') {
      throw new SchemaDefinitionError(
        'This GQLEndpoint has no operation: call gql.query(`query { ... }`, schema) or ' +
          'gql.mutation(...) to make an endpoint, then call that.',
      )
    }
    return this.gql
  }
}

/**
 * The `errorPolicy` of a GQLEndpoint not given one, as data-client's: a server error (5xx) or no
 * response (status 0) is soft, the data stays on screen; GraphQL `errors` in the body are hard,
 * whatever the status they came with (the server answered, and said no).
 */
export function gqlErrorPolicy(error: unknown): 'soft' | undefined {
  if ((error as { code?: unknown } | null)?.code === 'graphql') return undefined
  return serverErrorPolicy(error)
}

// On the prototype, not an own member: an `errorPolicy` option or a subclass's method overrides it.
Object.defineProperty(GQLEndpoint.prototype, 'errorPolicy', {
  value: gqlErrorPolicy,
  writable: true,
  configurable: true,
})
