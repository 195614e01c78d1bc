/**
 * The hooks' side of tests/redux/notAnEndpoint.test.ts: `useSuspense(TodoResource.getlist)` (a
 * typo in JavaScript: `undefined`) or `useSuspense(TodoResource)` reaches the error boundary as
 * the SetupError naming the fix, as `controller.fetch` of the same value does (they were bare
 * TypeErrors: "Cannot read properties of undefined (reading 'key')").
 */
import { screen } from '@testing-library/react'
import { Entity, RtkResourcesError, createResource } from 'rtk-resources'
import { useCache, useDLE, useSuspense } from 'rtk-resources/react'
import { ErrorBoundary } from './render'
import { render } from '@testing-library/react'
import { Provider } from 'react-redux'
import { EntityCacheProvider } from 'rtk-resources/react'
import { Suspense } from 'react'
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

const hooks = {
  useSuspense: (endpoint: typeof TodoResource.getList) => useSuspense(endpoint),
  useDLE: (endpoint: typeof TodoResource.getList) => useDLE(endpoint).data,
  useCache: (endpoint: typeof TodoResource.getList) => useCache(endpoint),
}

const cases: [string, keyof typeof hooks, unknown][] = []
for (const hook of Object.keys(hooks) as (keyof typeof hooks)[]) {
  cases.push([`${hook}(undefined)`, hook, undefined], [`${hook}(TodoResource)`, hook, TodoResource])
}

test.each(cases)(
  '%s reaches the boundary as a catalogue error naming the fix',
  async (_label, hook, mistake) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {})
    let caught: unknown
    function Reader() {
      const data = hooks[hook](mistake as typeof TodoResource.getList)
      return <p>{String(data)}</p>
    }
    const harness = makeStore()
    render(
      <Provider store={harness.store}>
        <EntityCacheProvider cache={harness.cache}>
          <ErrorBoundary
            fallback={(e) => {
              caught = e
              return <p role="alert">{e.message}</p>
            }}
          >
            <Suspense fallback={<p>loading</p>}>
              <Reader />
            </Suspense>
          </ErrorBoundary>
        </EntityCacheProvider>
      </Provider>,
    )
    await screen.findByRole('alert')
    error.mockRestore()
    expect(caught).toBeInstanceOf(RtkResourcesError)
    expect((caught as RtkResourcesError).code).toBe('bad-setup')
    expect((caught as Error).message).toMatch(/endpoint/i)
  },
)
