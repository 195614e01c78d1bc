/** msw handlers of the mock REST API at {@link API}, over the data in ./db. */
import { http, HttpResponse } from 'msw'
import { API } from '../fixtures/resources'
import { db } from './db'

const notFound = (what: string) =>
  HttpResponse.json({ message: `${what} not found` }, { status: 404 })

const todoHandlers = [
  http.get(`${API}/todos`, ({ request }) => {
    const userId = new URL(request.url).searchParams.get('userId')
    return HttpResponse.json(db.todos.filter((t) => !userId || t.userId === Number(userId)))
  }),
  http.get(`${API}/todos/:id`, ({ params }) => {
    const todo = db.todos.find((t) => t.id === Number(params.id))
    return todo ? HttpResponse.json(todo) : notFound(`Todo ${String(params.id)}`)
  }),
  http.post(`${API}/todos`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>
    const todo = {
      id: Math.max(...db.todos.map((t) => t.id)) + 1,
      userId: 1,
      completed: false,
      title: '',
      ...body,
    }
    db.todos.push(todo as (typeof db.todos)[number])
    return HttpResponse.json(todo, { status: 201 })
  }),
  http.put(`${API}/todos/:id`, async ({ params, request }) => {
    const body = (await request.json()) as Record<string, unknown>
    const todo = { userId: 1, title: '', completed: false, ...body, id: Number(params.id) }
    db.todos = db.todos.map((t) => (t.id === todo.id ? (todo as typeof t) : t))
    return HttpResponse.json(todo)
  }),
  http.patch(`${API}/todos/:id`, async ({ params, request }) => {
    const body = (await request.json()) as Record<string, unknown>
    const index = db.todos.findIndex((t) => t.id === Number(params.id))
    if (index === -1) return notFound(`Todo ${String(params.id)}`)
    db.todos[index] = { ...db.todos[index], ...body } as (typeof db.todos)[number]
    return HttpResponse.json(db.todos[index])
  }),
  http.delete(`${API}/todos/:id`, ({ params }) => {
    db.todos = db.todos.filter((t) => t.id !== Number(params.id))
    return new HttpResponse(null, { status: 204 })
  }),
]

const personHandlers = [
  http.get(`${API}/people/:id`, ({ params }) => {
    const person = db.people.find((p) => p.id === Number(params.id))
    return person ? HttpResponse.json(person) : notFound(`Person ${String(params.id)}`)
  }),
  // Answers with the deleted record (a response with keys).
  http.delete(`${API}/people/:id`, ({ params }) => {
    const person = db.people.find((p) => p.id === Number(params.id))
    db.people = db.people.filter((p) => p.id !== Number(params.id))
    return person ? HttpResponse.json(person) : notFound(`Person ${String(params.id)}`)
  }),
  http.get(`${API}/people/:userId/todos`, ({ params }) =>
    HttpResponse.json(db.todos.filter((t) => t.userId === Number(params.userId))),
  ),
  // A create whose response updates two records: the todo and its owner's count.
  http.post(`${API}/people/:userId/todos`, async ({ params, request }) => {
    const userId = Number(params.userId)
    const body = (await request.json()) as { title: string }
    const todo = {
      id: Math.max(...db.todos.map((t) => t.id)) + 1,
      userId,
      completed: false,
      ...body,
    }
    db.todos.push(todo)
    const person = db.people.find((p) => p.id === userId)
    if (!person) return notFound(`Person ${userId}`)
    person.todoCount += 1
    return HttpResponse.json({ todo, user: person }, { status: 201 })
  }),
]

const articleHandlers = [
  http.get(`${API}/articles`, () =>
    HttpResponse.json(db.articles.map(({ id, title }) => ({ id, title }))),
  ),
  http.get(`${API}/articles/:id`, ({ params }) => {
    const article = db.articles.find((a) => a.id === params.id)
    return article ? HttpResponse.json(article) : notFound(`Article ${String(params.id)}`)
  }),
  http.get(`${API}/books`, () =>
    HttpResponse.json(db.books.map(({ id, title }) => ({ id, title }))),
  ),
  http.get(`${API}/books/:id`, ({ params }) => {
    const book = db.books.find((b) => b.id === params.id)
    return book ? HttpResponse.json(book) : notFound(`Book ${String(params.id)}`)
  }),
  http.get(`${API}/books/:id/meta`, ({ params }) => {
    const book = db.books.find((b) => b.id === params.id)
    return book ? HttpResponse.json(book.meta) : notFound(`Book ${String(params.id)}`)
  }),
]

const PAGE = 2
const pageOf = (start: number) => db.stories.slice(start, start + PAGE)

const pageHandlers = [
  // Tokens in the body: { results, nextPage, prevPage } (null at the ends).
  http.get(`${API}/news`, ({ request }) => {
    const start = Number(new URL(request.url).searchParams.get('cursor') ?? 0)
    const next = start + PAGE < db.stories.length ? String(start + PAGE) : null
    const prev = start > 0 ? String(Math.max(0, start - PAGE)) : null
    return HttpResponse.json({ results: pageOf(start), nextPage: next, prevPage: prev })
  }),
  // Tokens in a Link header (GitHub style); the body is the bare list.
  http.get(`${API}/repos/:owner/:repo/stories`, ({ request }) => {
    const url = new URL(request.url)
    const page = Number(url.searchParams.get('page') ?? 1)
    const last = Math.ceil(db.stories.length / PAGE)
    const link = (n: number, rel: string) => {
      url.searchParams.set('page', String(n))
      return `<${url.href}>; rel="${rel}"`
    }
    const rels = [
      ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
      ...(page > 1 ? [link(page - 1, 'prev'), link(1, 'first')] : []),
    ]
    return HttpResponse.json(pageOf((page - 1) * PAGE), {
      headers: rels.length ? { Link: rels.join(', ') } : {},
    })
  }),
]

/** What `/echo/*` answers: the request as the server saw it. */
export interface Echo {
  method: string
  url: string
  headers: Record<string, string>
  body: string
  credentials: string
}

const echoHandlers = [
  http.all(`${API}/echo/*`, async ({ request }) => {
    const echo: Echo = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
      credentials: request.credentials,
    }
    return HttpResponse.json(echo)
  }),
]

/** Every handler of the mock API. */
export const handlers = [
  ...todoHandlers,
  ...personHandlers,
  ...articleHandlers,
  ...pageHandlers,
  ...echoHandlers,
]
