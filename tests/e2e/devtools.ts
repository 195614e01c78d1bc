/**
 * A stand-in for the Redux DevTools extension, installed in the page before the app loads. Like
 * the extension, it wraps the store's reducer and records every action; `replays()` then does what
 * time travel does (recompute the state from the recorded actions) on JSON copies of them.
 */
import type { Page } from 'playwright-core'

/** What the page exposes as `window.__devtoolsStandIn`. */
interface StandIn {
  types(): string[]
  /** The state as the extension's state tab shows it (JSON). */
  state(): string
  /** Plain actions, and the state rebuilt from them equals the live state (as JSON). */
  replays(): { actions: number; plain: boolean; sameState: boolean }
}

type Reducer = (state: unknown, action: { type: string }) => unknown
type CreateStore = (reducer: Reducer, preloaded?: unknown) => { getState(): unknown }
type Enhancer = (next: CreateStore) => CreateStore

/** Runs in the page (serialized by playwright): keep it self-contained. */
function install(): void {
  const target = window as unknown as Record<string, unknown>
  target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
    () =>
    (...enhancers: Enhancer[]) =>
    (createStore: CreateStore): CreateStore =>
    (reducer, preloaded) => {
      const recorded: { type: string }[] = []
      const recording: Reducer = (state, action) => {
        recorded.push(action)
        return reducer(state, action)
      }
      const store = enhancers.reduceRight((next, enhancer) => enhancer(next), createStore)(
        recording,
        preloaded,
      )
      const standIn: StandIn = {
        types: () => recorded.map((action) => action.type),
        state: () => JSON.stringify(store.getState()),
        replays() {
          const json = JSON.stringify(recorded)
          const copies = JSON.parse(json) as { type: string }[]
          const plain = copies.every(
            (copy, i) => JSON.stringify(copy) === JSON.stringify(recorded[i]),
          )
          const state = copies.reduce<unknown>(
            (current, action) => reducer(current, action),
            undefined,
          )
          const sameState = JSON.stringify(state) === JSON.stringify(store.getState())
          return { actions: copies.length, plain, sameState }
        },
      }
      target.__devtoolsStandIn = standIn
      return store as ReturnType<CreateStore>
    }
}

export async function installDevtoolsStandIn(page: Page): Promise<void> {
  await page.addInitScript(install)
}

export function devtoolsTypes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __devtoolsStandIn: StandIn }).__devtoolsStandIn.types(),
  )
}

export function devtoolsReplay(page: Page): Promise<ReturnType<StandIn['replays']>> {
  return page.evaluate(() =>
    (window as unknown as { __devtoolsStandIn: StandIn }).__devtoolsStandIn.replays(),
  )
}

/** The state the DevTools state tab shows, parsed. */
export async function devtoolsState(page: Page): Promise<Record<string, unknown>> {
  const json = await page.evaluate(() =>
    (window as unknown as { __devtoolsStandIn: StandIn }).__devtoolsStandIn.state(),
  )
  return JSON.parse(json) as Record<string, unknown>
}
