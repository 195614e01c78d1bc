/**
 * A bridged RTK Query result is stored with the cache's `dataExpiryLength`; `Infinity` (data
 * that never goes stale) is stored as a JSON number, `NEVER_EXPIRES`, not as `Infinity`.
 */
import { NEVER_EXPIRES } from 'rtk-resources'
import { serveHandlers } from '../mocks/server'
import { expectPlain } from '../fixtures/store'
import { blogHandlers, makeBridgedStore, resetBlog } from '../fixtures/blogApi'

serveHandlers(...blogHandlers)
beforeEach(() => resetBlog())

test('dataExpiryLength: Infinity stores a bridged result as never expiring, in plain JSON', async () => {
  const { api, store, bridge, expectSilentChecks } = makeBridgedStore({
    dataExpiryLength: Infinity,
  })
  await store.dispatch(api.endpoints.getPosts.initiate())
  const slice = store.getState().data
  expectPlain(slice)
  expect(slice.meta[bridge.key('getPosts')]?.expiresAt).toBe(NEVER_EXPIRES)
  expect(slice.entitiesMeta.Post?.['1']?.expiresAt).toBe(NEVER_EXPIRES)
  expectSilentChecks()
})
