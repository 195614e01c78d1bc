/**
 * A request a render starts while only watching it (what `useFetch` does): the watcher neither
 * keeps the request from being aborted nor aborts it. The callers with a signal that join it
 * decide; a caller without a signal keeps it; if nobody joins, it runs to the end.
 */
import { RestEndpoint } from 'rtk-resources'
import { fetchFromRender } from '../../src/redux/controllerSymbols'
import { makeStore } from '../fixtures/store'
import { Doc } from '../fixtures/entities'

/** A REST endpoint whose responses wait for `release()`, recording aborts. */
function heldEndpoint() {
  const gates: Array<() => void> = []
  const aborted: string[] = []
  const endpoint = new RestEndpoint({
    urlPrefix: 'http://docs.test',
    path: '/docs/:id',
    schema: Doc,
    async fetchResponse(this: RestEndpoint, input: string, init: RequestInit) {
      await new Promise<void>((resolve, reject) => {
        gates.push(resolve)
        init.signal?.addEventListener('abort', () => {
          aborted.push(input)
          reject(init.signal?.reason)
        })
      })
      const id = Number(/\/docs\/(\d+)/.exec(input)?.[1])
      return Response.json({ id, title: `Doc ${id}` })
    },
  })
  return { endpoint, aborted, release: () => gates.splice(0).forEach((open) => open()) }
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
const watch = (controller: ReturnType<typeof makeStore>['controller'], endpoint: RestEndpoint) =>
  controller[fetchFromRender](endpoint, [{ id: 1 }], { watch: true })

test('with nobody joining, a watched request runs to the end and is stored', async () => {
  const { controller, cache, store } = makeStore()
  const { endpoint, aborted, release } = heldEndpoint()
  const watched = watch(controller, endpoint)
  await tick()
  release()
  expect(await watched).toMatchObject({ title: 'Doc 1' })
  expect(aborted).toEqual([])
  expect(cache.select(endpoint, { id: 1 })(store.getState())?.title).toBe('Doc 1')
})

test('when the last caller with a signal stops waiting, the watched request is aborted', async () => {
  const { controller, store } = makeStore()
  const { endpoint, aborted, release } = heldEndpoint()
  const watched = watch(controller, endpoint)
  watched.catch(() => {})
  const holder = new AbortController()
  const held = controller.fetchWithSignal(holder.signal, endpoint, { id: 1 })
  held.catch(() => {})
  await tick()
  holder.abort()
  await tick()
  release()
  await expect(watched).rejects.toMatchObject({ name: 'AbortError' })
  expect(aborted).toEqual(['http://docs.test/docs/1'])
  const state = store.getState().data
  expect(state.entities).toEqual({})
  expect(Object.values(state.meta).every((meta) => !meta.error)).toBe(true)
})

test('a caller without a signal keeps the watched request', async () => {
  const { controller } = makeStore()
  const { endpoint, aborted, release } = heldEndpoint()
  const watched = watch(controller, endpoint)
  const holder = new AbortController()
  controller.fetchWithSignal(holder.signal, endpoint, { id: 1 }).catch(() => {})
  const kept = controller.fetch(endpoint, { id: 1 })
  await tick()
  holder.abort()
  await tick()
  release()
  expect((await kept).title).toBe('Doc 1')
  expect(await watched).toBe(await kept)
  expect(aborted).toEqual([])
})
