/**
 * Timing and heap helpers. Libraries compared in one case are measured in interleaved rounds
 * (A, B, A, B, ...), so a burst of load elsewhere on the machine hits them alike; fast calls are
 * batched so the clock can see them. Results: median and p90 of the samples, in ms per call.
 */
import { performance } from 'node:perf_hooks'

export interface Timing {
  /** Milliseconds per call. */
  median: number
  p90: number
  /** Number of samples (a sample may be a batch of calls). */
  samples: number
}

export interface MeasureOptions {
  /** Time spent warming each task up before sampling. */
  warmupMs?: number
  /** Sampling time per task (once `minSamples` are in), split over `rounds`. */
  budgetMs?: number
  minSamples?: number
  maxSamples?: number
  rounds?: number
  /** A sample lasts at least this long: fast calls are batched. */
  minSampleMs?: number
}

/** One thing to time: `warm` runs it for a while, `sample` returns ms per call of one sample. */
export interface Task {
  warm(ms: number): void
  sample(): number
}

/** Results land here so the optimizer cannot drop the measured work. */
export let sink: unknown

function gc(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

/**
 * Collects the young generation only: clears what a setup just allocated. (A full, forced
 * `gc()` also throws away optimized code, so the timed call after it would run cold.)
 */
function minorGc(): void {
  ;(globalThis as { gc?: (options?: object) => void }).gc?.({ type: 'minor' })
}

/** A full (mark-compact) collection, which also frees hidden classes no live object has. */
function fullGc(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

function quantile(sorted: readonly number[], q: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[index] as number
}

/** `fn` timed in batches sized during warmup so that a batch lasts at least `minSampleMs`. */
export function task(fn: () => unknown, minSampleMs = 1): Task {
  let batch = 1
  return {
    warm(ms) {
      let calls = 0
      const start = performance.now()
      while (calls < 3 || performance.now() - start < ms) {
        sink = fn()
        calls++
      }
      const perCall = (performance.now() - start) / calls
      batch = Math.max(1, Math.ceil(minSampleMs / Math.max(perCall, 1e-6)))
    },
    sample() {
      const t0 = performance.now()
      for (let i = 0; i < batch; i++) sink = fn()
      return (performance.now() - t0) / batch
    },
  }
}

/**
 * `fn` on fresh input from `setup` each call; only `fn` is timed (one call per sample). With
 * `clean`, the young generation is collected after each setup, so that the garbage a heavy setup
 * leaves (a new store, a parsed body) is not collected on the timed call's clock; with `'full'`,
 * the whole heap is (what a call right after a full GC costs).
 */
export function taskWithSetup<T>(
  setup: () => T,
  fn: (input: T) => unknown,
  { clean = false }: { clean?: boolean | 'full' } = {},
): Task {
  return {
    warm(ms) {
      const start = performance.now()
      for (let calls = 0; calls < 3 || performance.now() - start < ms; calls++) sink = fn(setup())
    },
    sample() {
      const input = setup()
      if (clean === 'full') fullGc()
      else if (clean) minorGc()
      const t0 = performance.now()
      sink = fn(input)
      return performance.now() - t0
    },
  }
}

/** How {@link compare} and {@link compareAsync} sample: the options with their defaults. */
function roundsOf(options: MeasureOptions) {
  const { warmupMs = 300, budgetMs = 2000, minSamples = 15, maxSamples = 300, rounds = 3 } = options
  const perRoundMin = Math.ceil(minSamples / rounds)
  const perRoundMax = Math.ceil(maxSamples / rounds)
  return {
    warmupMs,
    rounds,
    /** Whether a task that took `n` samples since `start` (this round) takes another. */
    more: (n: number, start: number) =>
      n < perRoundMin || (n < perRoundMax && performance.now() - start < budgetMs / rounds),
  }
}

/** Times every task, interleaved in rounds; returns one {@link Timing} per task. */
export function compare(tasks: readonly Task[], options: MeasureOptions = {}): Timing[] {
  const { warmupMs, rounds, more } = roundsOf(options)
  const samples = tasks.map(() => [] as number[])
  for (const t of tasks) t.warm(warmupMs)
  for (let round = 0; round < rounds; round++) {
    tasks.forEach((t, i) => {
      const times = samples[i] as number[]
      gc()
      const start = performance.now()
      for (let n = 0; more(n, start); n++) times.push(t.sample())
    })
  }
  return samples.map(summarize)
}

function summarize(times: number[]): Timing {
  times.sort((a, b) => a - b)
  return { median: quantile(times, 0.5), p90: quantile(times, 0.9), samples: times.length }
}

/** An asynchronous {@link Task}: `sample` resolves to ms per call of one sample. */
export interface AsyncTask {
  warm(ms: number): Promise<void>
  sample(): Promise<number>
}

/**
 * `fn` on fresh input from `setup` each call, awaited; only `fn` is timed (one call per
 * sample). `setup` may be asynchronous too (it is awaited before the clock starts); `clean` as
 * in {@link taskWithSetup}.
 */
export function asyncTaskWithSetup<T>(
  setup: () => T | Promise<T>,
  fn: (input: T) => unknown,
  { clean = false } = {},
): AsyncTask {
  const once = async () => {
    const input = await setup()
    if (clean) minorGc()
    const t0 = performance.now()
    sink = await fn(input)
    return performance.now() - t0
  }
  return {
    async warm(ms) {
      const start = performance.now()
      for (let calls = 0; calls < 2 || performance.now() - start < ms; calls++) {
        await nextJob()
        await once()
      }
    },
    sample: once,
  }
}

/** Resolves in a later task: the current job, and what it kept alive, has ended. */
export function nextJob(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/**
 * {@link compare} for asynchronous tasks (same rounds, same interleaving). Each sample starts in
 * a task of its own, as a response arriving from the network does: awaiting promises that are
 * already settled never ends the job, and V8 keeps the target of every WeakRef a job made (a
 * store's sweep timer holds its store so) until the job ends.
 */
export async function compareAsync(
  tasks: readonly AsyncTask[],
  options: MeasureOptions = {},
): Promise<Timing[]> {
  const { warmupMs, rounds, more } = roundsOf(options)
  const samples = tasks.map(() => [] as number[])
  for (const t of tasks) await t.warm(warmupMs)
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < tasks.length; i++) {
      const times = samples[i] as number[]
      gc()
      const start = performance.now()
      for (let n = 0; more(n, start); n++) {
        await nextJob()
        times.push(await (tasks[i] as AsyncTask).sample())
      }
    }
  }
  return samples.map(summarize)
}

/** Times one function. */
export function measure(fn: () => unknown, options: MeasureOptions = {}): Timing {
  return compare([task(fn, options.minSampleMs)], options)[0] as Timing
}

/**
 * Bytes retained by what `build` returns: heapUsed after building (and holding) it, minus
 * before, both after full GCs. Median of `runs`, after `warmups` builds left out (the first
 * builds of a process differ from the next by up to a megabyte either way while V8 settles).
 * Needs `node --expose-gc`.
 */
export function retainedHeap(build: () => unknown, runs = 5, warmups = 0): number {
  if (!(globalThis as { gc?: unknown }).gc) throw new Error('Run node with --expose-gc')
  for (let i = 0; i < warmups; i++) {
    sink = build()
    sink = undefined
  }
  const deltas: number[] = []
  for (let i = 0; i < runs; i++) {
    gc()
    gc()
    const before = process.memoryUsage().heapUsed
    let kept: unknown = build()
    gc()
    gc()
    const after = process.memoryUsage().heapUsed
    sink = kept
    kept = undefined
    sink = undefined
    deltas.push(after - before)
  }
  deltas.sort((a, b) => a - b)
  return quantile(deltas, 0.5)
}
