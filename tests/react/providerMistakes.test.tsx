/**
 * A hook outside <EntityCacheProvider> or react-redux <Provider>, or a provider given something
 * that is not a cache, throws a SetupError that names the fix (not an internal TypeError).
 */
import { configureStore } from '@reduxjs/toolkit'
import { render } from '@testing-library/react'
import { Provider } from 'react-redux'
import { createEntityCache } from 'rtk-resources'
import { EntityCacheProvider, useCache } from 'rtk-resources/react'
import { getUser } from './api'
import { ErrorBoundary } from './render'

function Reader() {
  return <p>{useCache(getUser, { id: 1 })?.name ?? 'none'}</p>
}

test.each([
  ['no provider', undefined, '<EntityCacheProvider cache={cache}>'],
  ['a provider given the store', 'store', 'what createEntityCache() returned'],
])('%s: a SetupError naming the fix', (_name, given, fix) => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (gDM) => gDM().concat(cache.middleware),
  })
  const errors: Error[] = []
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const tree =
      given === undefined ? (
        <Reader />
      ) : (
        <EntityCacheProvider cache={store as never}>
          <Reader />
        </EntityCacheProvider>
      )
    render(
      <Provider store={store}>
        <ErrorBoundary
          fallback={(caught) => {
            errors.push(caught)
            return <p>failed</p>
          }}
        >
          {tree}
        </ErrorBoundary>
      </Provider>,
    )
  } finally {
    error.mockRestore()
  }
  expect(errors[0]).toMatchObject({ name: 'SetupError', code: 'bad-setup' })
  expect(errors[0]?.message).toContain(fix)
})

test('EntityCacheProvider without react-redux <Provider>: a SetupError naming the fix', () => {
  const cache = createEntityCache({ reducerPath: 'data' })
  const errors: Error[] = []
  const error = jest.spyOn(console, 'error').mockImplementation(() => {})
  try {
    render(
      <ErrorBoundary
        fallback={(caught) => {
          errors.push(caught)
          return <p>failed</p>
        }}
      >
        <EntityCacheProvider cache={cache}>
          <Reader />
        </EntityCacheProvider>
      </ErrorBoundary>,
    )
  } finally {
    error.mockRestore()
  }
  expect(errors[0]).toMatchObject({ name: 'SetupError', code: 'bad-setup' })
  expect(errors[0]?.message).toContain('no react-redux <Provider store={store}>')
})
