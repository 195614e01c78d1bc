/**
 * A new user's first wrong argument: `undefined` (a typo in JavaScript, `TodoResource.getlist`;
 * a value read at module scope through a circular import under Jest's CommonJS) or the whole
 * resource (`TodoResource` instead of `TodoResource.getList`). `controller.fetch` answers with a
 * catalogue error that names the fix (SetupError, code `bad-setup`), and so does every read
 * path (they threw bare TypeErrors from deep inside: "Invalid value used as weak map key",
 * "readable.key is not a function").
 */
import { Entity, RtkResourcesError, createResource } from 'rtk-resources'
import { makeStore } from '../fixtures/store'

class Todo extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Todo'
}
const TodoResource = createResource({
  urlPrefix: 'http://api.test',
  path: '/todos/:id',
  schema: Todo,
})

/** What the user passed by mistake. */
const mistakes: [string, unknown][] = [
  ['undefined (a misspelled member, a circular import)', undefined],
  ['the resource object instead of one of its members', TodoResource],
]

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  return undefined
}

/** The error names the library's catalogue (a code and a link) and the fix. */
function expectNamesTheFix(error: unknown) {
  expect(error).toBeInstanceOf(RtkResourcesError)
  expect((error as RtkResourcesError).code).toBe('bad-setup')
  expect((error as Error).message).toMatch(/endpoint/i)
}

describe.each(mistakes)('given %s', (_label, mistake) => {
  const bad = mistake as typeof TodoResource.getList

  test('controller.fetch says what to pass, and what it was given (not a Query)', async () => {
    const { controller } = makeStore()
    const error = await thrown(() => controller.fetch(bad))
    expectNamesTheFix(error)
    expect((error as Error).message).toMatch(
      mistake === undefined ? /given undefined.*misspelled member/ : /given a resource \(what/,
    )
    expect((error as Error).message).not.toMatch(/A Query reads only/)
  })

  test('cache.select says what to pass', async () => {
    const { cache, store } = makeStore()
    expectNamesTheFix(await thrown(() => cache.select(bad)(store.getState())))
  })

  test('controller.getResponse says what to pass', async () => {
    const { controller, store } = makeStore()
    expectNamesTheFix(await thrown(() => controller.getResponse(bad, store.getState())))
  })

  test('controller.fetchIfStale says what to pass', async () => {
    const { controller } = makeStore()
    expectNamesTheFix(await thrown(() => controller.fetchIfStale(bad)))
  })

  test('controller.invalidate says what to pass', async () => {
    const { controller } = makeStore()
    expectNamesTheFix(await thrown(() => controller.invalidate(bad)))
  })
})
