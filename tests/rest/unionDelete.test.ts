/**
 * `delete` of a resource whose schema is a `schema.Union`: the member is deleted from the cache
 * (data-client 0.2 left it, a bug fixed there later). The response names the member by its
 * schema attribute; a 204 names only the pk, which the path gave alone, so it is deleted from
 * every member's table.
 */
import { http, HttpResponse } from 'msw'
import { Entity, RestEndpoint, createResource, schema } from 'rtk-resources'
import { makeStore } from '../fixtures/store'
import { useMockApi } from '../mocks/server'

const server = useMockApi()

class FeedLink extends Entity {
  id = ''
  type = 'link'
  url = ''
  pk() {
    return this.id
  }
  static key = 'UnionDeleteLink'
}
class FeedPost extends Entity {
  id = ''
  type = 'post'
  content = ''
  pk() {
    return this.id
  }
  static key = 'UnionDeletePost'
}
const FeedResource = createResource({
  urlPrefix: 'http://feed.test',
  path: '/feed/:id',
  schema: new schema.Union({ link: FeedLink, post: FeedPost }, 'type'),
})
const feed = [
  { id: '5', type: 'link', url: 'https://example.com' },
  { id: '6', type: 'post', content: 'hello' },
]

async function loaded() {
  server.use(
    http.get('http://feed.test/feed', () => HttpResponse.json(feed)),
    http.get('http://feed.test/feed/:id', ({ params }) =>
      HttpResponse.json(feed.find((item) => item.id === params.id)),
    ),
  )
  const store = makeStore()
  await store.controller.fetch(FeedResource.getList)
  await store.controller.fetch(FeedResource.get, { id: '5' })
  return store
}

const ids = (items: unknown) => (items as { id: string }[]).map((item) => item.id)

describe('delete of a Union resource', () => {
  it('answered with the record: that member is deleted, from the list and from get', async () => {
    const { store, cache, controller, replay } = await loaded()
    server.use(
      http.delete('http://feed.test/feed/5', () =>
        HttpResponse.json({ id: '5', type: 'link', url: '' }),
      ),
    )
    await controller.fetch(FeedResource.delete, { id: '5' })
    expect(ids(cache.select(FeedResource.getList)(store.getState()))).toEqual(['6'])
    expect(cache.select(FeedResource.get, { id: '5' })(store.getState())).toBeUndefined()
    expect(store.getState().data.entitiesMeta.UnionDeleteLink?.['5']?.deleted).toBe(true)
    expect(replay().data).toEqual(store.getState().data)
  })

  it('answered 204: the pk is deleted from every member table', async () => {
    const { store, cache, controller } = await loaded()
    server.use(
      http.delete('http://feed.test/feed/6', () => new HttpResponse(null, { status: 204 })),
    )
    const resolved = await controller.fetch(FeedResource.delete, { id: '6' })
    expect(resolved).toEqual({ id: '6' })
    expect(ids(cache.select(FeedResource.getList)(store.getState()))).toEqual(['5'])
    expect(store.getState().data.entitiesMeta.UnionDeletePost?.['6']?.deleted).toBe(true)
  })

  it('answered 204 to an endpoint of its own (no process): the params name the pk', async () => {
    const { store, cache, controller } = await loaded()
    const deleteItem = new RestEndpoint({
      urlPrefix: 'http://feed.test',
      path: '/feed/:id',
      method: 'DELETE',
      schema: new schema.Delete(FeedResource.get.schema),
    })
    server.use(
      http.delete('http://feed.test/feed/5', () => new HttpResponse(null, { status: 204 })),
    )
    await controller.fetch(deleteItem, { id: '5' })
    expect(ids(cache.select(FeedResource.getList)(store.getState()))).toEqual(['6'])
    expect(store.getState().data.entitiesMeta.UnionDeleteLink?.['5']?.deleted).toBe(true)
  })
})
