/** The mock API's data: fresh copies for every test (`resetDb()` in beforeEach). */

export interface TodoRow {
  id: number
  userId: number
  title: string
  completed: boolean
}
export interface PersonRow {
  id: number
  name: string
  todoCount: number
}

const seed = () => ({
  todos: [
    { id: 1, userId: 1, title: 'Buy milk', completed: false },
    { id: 2, userId: 1, title: 'Walk the dog', completed: true },
    { id: 3, userId: 2, title: 'Read a book', completed: false },
  ] as TodoRow[],
  people: [
    { id: 1, name: 'Ada', todoCount: 2 },
    { id: 2, name: 'Grace', todoCount: 1 },
  ] as PersonRow[],
  articles: [
    { id: 'a1', title: 'Normalize everything', body: 'Long text about tables.' },
    { id: 'a2', title: 'Selectors', body: 'Long text about memoization.' },
  ],
  books: [
    { id: 'b1', title: 'Dune', meta: { id: 'b1', rating: 4.5, reviews: 120 } },
    { id: 'b2', title: 'Emma', meta: { id: 'b2', rating: 4.1, reviews: 80 } },
  ],
  stories: Array.from({ length: 5 }, (_, i) => ({ id: `s${i + 1}`, title: `Story ${i + 1}` })),
})

/** The current data; handlers read and write it. */
export let db = seed()

/** Restores the seed data. */
export function resetDb() {
  db = seed()
}
