/**
 * Path templates at the type level: the params of `/users/:userId/posts{/:id}` (`userId`
 * required, `id` optional; `:id?` is optional too; `*path` takes a list of segments), and
 * `shortenPath`'s result.
 */

/** The characters of a string, as a union. */
type Chars<S extends string> = S extends `${infer C}${infer R}` ? C | Chars<R> : never
type Lower = Chars<'abcdefghijklmnopqrstuvwxyz'>
type Digit = Chars<'0123456789'>
type NameStart = Lower | Uppercase<Lower> | '_' | '$'
type NameChar = NameStart | Digit

/** `[name, rest]`: the identifier at the start of `S` (empty when there is none). */
type ReadName<S extends string, TName extends string = ''> = S extends `${infer C}${infer R}`
  ? C extends (TName extends '' ? NameStart : NameChar)
    ? ReadName<R, `${TName}${C}`>
    : [TName, S]
  : [TName, '']

/**
 * `[name, rest]` for the param name at the start of `S`: an identifier, or a quoted name
 * (path-to-regexp 8's `:"my-id"`).
 */
type ReadParam<S extends string> = S extends `"${infer Q}"${infer R}` ? [Q, R] : ReadName<S>

/**
 * `S` with each escaped character (`\:`, `\*`, `\{`, …: text, not syntax) replaced by `~`,
 * which no param name holds: what params are read from.
 */
type Unescaped<S extends string> = S extends `${infer A}\\${infer C}${infer B}`
  ? C extends ''
    ? S
    : `${A}~~${Unescaped<B>}`
  : S

/** Tags a name read from `R` (the text after it): `name?` when optional, `*name` for a wildcard. */
type Tag<
  N extends string,
  R extends string,
  TOptional extends boolean,
  TWild extends string,
> = N extends ''
  ? never
  : TOptional extends true
    ? `${TWild}${N}?`
    : R extends `?${string}`
      ? `${TWild}${N}?`
      : `${TWild}${N}`

/** The `*wildcard` params of a stretch without `:` params. */
type WildcardsIn<S extends string, TOptional extends boolean> = S extends `${string}*${infer Rest}`
  ? ReadParam<Rest> extends [infer N extends string, infer R extends string]
    ? Tag<N, R, TOptional, '*'> | WildcardsIn<R, TOptional>
    : never
  : never

/** The params of a stretch without groups, tagged (see {@link Tag}). */
type NamesIn<S extends string, TOptional extends boolean> = S extends `${infer A}:${infer Rest}`
  ? ReadParam<Rest> extends [infer N extends string, infer R extends string]
    ? WildcardsIn<A, TOptional> | Tag<N, R, TOptional, ''> | NamesIn<R, TOptional>
    : never
  : WildcardsIn<S, TOptional>

/** Every param of a template; those inside `{ }` groups or marked `?` tagged `name?`. */
type TaggedKeys<S extends string> = GroupedKeys<Unescaped<S>>

type GroupedKeys<S extends string> = S extends `${infer A}{${infer G}}${infer B}`
  ? NamesIn<A, false> | NamesIn<G, true> | GroupedKeys<B>
  : NamesIn<S, false>

type Untag<K> = K extends `*${infer N}` ? Untag<N> : K extends `${infer N}?` ? N : K
type RequiredOf<K> = K extends `${string}?` ? never : K
type OptionalOf<K> = K extends `${string}?` ? K : never

/** The value of a tagged param: a segment, or for a `*wildcard` the list of its segments. */
type ValueOf<K> = K extends `*${string}` ? readonly (string | number)[] : string | number

/**
 * The names of the params of a path template (`string` when the path is not a literal).
 * @template TPath - the path template
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#pathargs
 */
export type PathKeys<TPath extends string> = string extends TPath
  ? string
  : Untag<TaggedKeys<TPath>>

/** Flattens an intersection into one object type (for readable hovers). */
type Simplify<T> = { [K in keyof T]: T[K] } & {}

/**
 * The params object of a path template: required and optional members, each a string or number
 * (a `*wildcard`: an array of them, one per segment); `unknown` when the template has none (so it vanishes from intersections).
 * An optional member also takes `undefined` (under `exactOptionalPropertyTypes` too): the URL
 * and the cache key leave it out, as an absent one.
 * @template TPath - the path template
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/RestEndpoint.md#pathargs
 */
export type PathArgs<TPath extends string> = string extends TPath
  ? Record<string, string | number>
  : [TaggedKeys<TPath>] extends [never]
    ? unknown
    : Simplify<
        { [K in RequiredOf<TaggedKeys<TPath>> as Untag<K>]: ValueOf<K> } & {
          [K in OptionalOf<TaggedKeys<TPath>> as Untag<K>]?: ValueOf<K> | undefined
        }
      >

/** `[prefix up to and including the last C, the rest]`. */
type SplitLast<
  S extends string,
  C extends string,
  TAcc extends string = '',
> = S extends `${infer A}${C}${infer B}` ? SplitLast<B, C, `${TAcc}${A}${C}`> : [TAcc, S]

type DropOpenGroup<S extends string> =
  SplitLast<S, '{'> extends [infer P extends string, infer Rest extends string]
    ? P extends `${infer Before}{`
      ? Rest extends `${string}}${string}`
        ? S
        : Before
      : S
    : S

type TrimSlashes<S extends string> = S extends `${infer X}/` ? TrimSlashes<X> : S

/** True when `S` ends with an odd number of backslashes (what follows is escaped). */
type EndsEscaping<S extends string> = S extends `${infer A}\\\\`
  ? EndsEscaping<A>
  : S extends `${string}\\`
    ? true
    : false

/**
 * `S` up to and including its last `:` that starts a param (not an escaped `\\:`); `''` when
 * there is none.
 */
type BeforeLastParam<
  S extends string,
  TAcc extends string = '',
  TFound extends string = '',
> = S extends `${infer A}:${infer B}`
  ? EndsEscaping<`${TAcc}${A}`> extends true
    ? BeforeLastParam<B, `${TAcc}${A}:`, TFound>
    : BeforeLastParam<B, `${TAcc}${A}:`, `${TAcc}${A}:`>
  : TFound

type ShortenRelative<S extends string> =
  BeforeLastParam<S> extends `${infer P}:`
    ? TrimSlashes<DropOpenGroup<P>> extends infer R extends string
      ? R extends ''
        ? '/'
        : R
      : never
    : S

/**
 * The type of `shortenPath(path)`: the last param removed (`'/users/:userId/posts/:id'` →
 * `'/users/:userId/posts'`, `'/:id'` → `'/'`).
 * @template TPath - the path template
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/shortenPath.md
 */
export type ShortenPath<TPath extends string> = string extends TPath
  ? string
  : TPath extends `${infer Scheme}//${infer Host}/${infer Rest}`
    ? Scheme extends '' | `${string}:`
      ? `${Scheme}//${Host}${ShortenRelative<`/${Rest}`>}`
      : ShortenRelative<TPath>
    : ShortenRelative<TPath>
