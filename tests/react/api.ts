import { http, HttpResponse } from 'msw'
import { Endpoint, NetworkError, schema } from 'rtk-resources'
import { Article, ArticleSummary, User } from '../fixtures/entities'

export const BASE = 'http://api.test'

/** GET/POST/DELETE JSON through the real fetch; non-2xx → NetworkError. */
export async function fetchJson(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(`${BASE}${path}`, init)
  if (!response.ok) throw new NetworkError(response.status, response.statusText || 'request failed')
  return response.status === 204 ? null : response.json()
}

export const db = {
  users: new Map<number, { id: number; name: string; posts: [] }>(),
  requests: [] as string[],
}
export function seedUsers(count: number) {
  db.users.clear()
  for (let id = 1; id <= count; id++) db.users.set(id, { id, name: `User ${id}`, posts: [] })
}

/** The handlers of the hooks tests' API. */
export const apiHandlers = [
  http.get(`${BASE}/users`, () => {
    db.requests.push('GET /users')
    return HttpResponse.json([...db.users.values()])
  }),
  http.get(`${BASE}/users/:id`, ({ params }) => {
    db.requests.push(`GET /users/${params.id}`)
    const user = db.users.get(Number(params.id))
    return user
      ? HttpResponse.json(user)
      : HttpResponse.json({ message: 'not found' }, { status: 404 })
  }),
  http.delete(`${BASE}/users/:id`, ({ params }) => {
    db.requests.push(`DELETE /users/${params.id}`)
    db.users.delete(Number(params.id))
    return new HttpResponse(null, { status: 204 })
  }),
  http.get(`${BASE}/articles`, () => {
    db.requests.push('GET /articles')
    return HttpResponse.json([{ id: 'a', title: 'A' }])
  }),
  http.get(`${BASE}/articles/:id`, ({ params }) => {
    db.requests.push(`GET /articles/${params.id}`)
    return HttpResponse.json({ id: params.id, title: 'A', body: 'full text' })
  }),
]

export const getUsers = new Endpoint(() => fetchJson('/users'), {
  schema: [User],
  name: 'getUsers',
})
export const getUser = new Endpoint(({ id }: { id: number }) => fetchJson(`/users/${id}`), {
  schema: User,
  name: 'getUser',
})
export const deleteUser = new Endpoint(
  async ({ id }: { id: number }) => {
    await fetchJson(`/users/${id}`, { method: 'DELETE' })
    return { id }
  },
  { schema: new schema.Delete(User), sideEffect: true, name: 'deleteUser' },
)
export const getArticles = new Endpoint(() => fetchJson('/articles'), {
  schema: [ArticleSummary],
  name: 'getArticles',
})
export const getArticle = new Endpoint(({ id }: { id: string }) => fetchJson(`/articles/${id}`), {
  schema: Article,
  name: 'getArticle',
})
