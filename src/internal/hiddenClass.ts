/**
 * Objects made per operation (a read's run, a write's tables and copies) and the hidden classes
 * V8 gives them.
 *
 * V8 holds the hidden classes that a constructor's fields lead to weakly. An object made for one
 * read or one write is garbage once it returns, so between operations no object of its class is
 * alive, and a full GC frees the class. The optimized code of every method that checks for it is
 * then thrown away ("weak objects" in `--trace-deopt`), and the next operation runs unoptimized
 * until V8 compiles it again. An app that keeps allocating has full GCs from time to time.
 */

/**
 * Instances kept for the life of the program, never read: holding them is the point. A set, as
 * bundlers drop pushes to an array that nothing reads (rollup 4, which tsup runs, did), but keep
 * calls of a set's methods.
 */
const kept = new Set<object>()

/**
 * Keeps `instance` (and so its hidden class) alive for the life of the program, and returns it.
 * Give it an instance made as the operation makes them, with every field set by the
 * constructor: an object whose fields are added later ends with another hidden class.
 */
export function keepHiddenClassOf<T extends object>(instance: T): T {
  kept.add(instance)
  return instance
}
