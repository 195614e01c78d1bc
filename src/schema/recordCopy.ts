/**
 * The shallow copies `Entity.process` and `Entity.merge` make by default: an object spread, as
 * data-client's, but not one spread for every class.
 *
 * V8 copies an object spread fast (the source's layout, copied whole) only while that spread has
 * seen at most four layouts of source object. One spread shared by every entity class sees more
 * as soon as an app has five classes; from then on every copy takes V8's generic path (a call
 * into the runtime, an object with room for four members and the rest in a second array). So
 * each class is given one of {@link SITES} copy sites, in turn: up to 16 classes each have a site
 * of their own, and a site stays fast until it has seen four layouts (four classes, or one class
 * whose records come in several member lists). Frozen records, and calls without a class, go to
 * a site of their own ({@link SHARED_SITE}). Measured in docs/architecture.md, decision "Each
 * class copies at a spread site of its own" (bench cases 1 and 1m).
 */

/** A record as stored: plain, string-keyed members. */
type StoredRecord = Record<string, unknown>

/** The copy sites: sixteen spreads that look alike but that V8 tracks one by one. */
const SITES = [
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
  [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })],
] as const

/**
 * The site for records that are frozen, sealed or not extensible (Immer freezes what it stores,
 * and the cache freezes its own records in development), and for calls without a class (`const
 * { merge } = Entity`). V8 never copies a frozen object on the fast path, and a site that has
 * seen many copies everything on the slow path from then on, so they are kept away from the
 * classes' sites.
 */
const SHARED_SITE = [(a: object) => ({ ...a }), (a: object, b: object) => ({ ...a, ...b })] as const

/** One class's copy site: a copy of one record, and a merge of two. */
export type CopySite = (typeof SITES)[number]

const siteOfClass = new WeakMap<object, CopySite>()
let nextSite = 0

/** The copy site of `owner` (an entity class), given in turn on first use. */
export function copySiteOf(owner: object): CopySite {
  if (typeof owner !== 'function') return SHARED_SITE
  let site = siteOfClass.get(owner)
  if (site === undefined) {
    site = SITES[nextSite] as CopySite
    nextSite = (nextSite + 1) % SITES.length
    siteOfClass.set(owner, site)
  }
  return site
}

const isExtensible = Object.isExtensible

/** `{ ...input }`, made at `owner`'s copy site. */
export function copyRecord(owner: object, input: object): StoredRecord {
  if (!isExtensible(input)) return SHARED_SITE[0](input)
  return copySiteOf(owner)[0](input)
}

/** `{ ...existing, ...incoming }`, made at `owner`'s copy site. */
export function mergeRecords(owner: object, existing: object, incoming: object): StoredRecord {
  if (!isExtensible(existing) || !isExtensible(incoming)) return SHARED_SITE[1](existing, incoming)
  return copySiteOf(owner)[1](existing, incoming)
}
