/**
 * Reading hooks read the store through react-redux's subscription only: one `useSelector` of
 * the call's state per hook, never `store.getState()` during render, so a render cannot mix two
 * states of the store (react-redux's useSyncExternalStore re-renders when the store changes
 * between render and commit).
 */
import { act, screen } from '@testing-library/react'
import { Endpoint, ExpiryStatus } from 'rtk-resources'
import { useCache, useDLE, useError, useFetch, useSuspense } from 'rtk-resources/react'
import { User } from '../fixtures/entities'
import { makeStore } from '../fixtures/store'
import { renderWithCache } from './render'

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: `User ${id}` }), {
  schema: User,
  name: 'getUser',
})

/** How deep we are in the body of a component under test. */
let rendering = 0
/** The caller of each `getState()` made while a component under test was rendering. */
const callers: string[] = []

/** The first stack frame below `getState` (who called it). */
function callerOf(stack: string | undefined): string {
  const frames = (stack ?? '').split('\n').filter((line) => line.trim().startsWith('at '))
  return frames[1] ?? ''
}

function harness() {
  const made = makeStore()
  const getState = made.store.getState
  made.store.getState = (() => {
    if (rendering > 0) callers.push(callerOf(new Error().stack))
    return getState()
  }) as typeof getState
  return made
}

function Readers({ id }: { id: number }) {
  rendering += 1
  try {
    const user = useSuspense(getUser, { id })
    const dle = useDLE(getUser, { id })
    useFetch(getUser, { id })
    const error = useError(getUser, { id })
    const cached = useCache(getUser, { id })
    return (
      <p>
        {user.name} / {dle.data?.name} / {cached?.name} / {error ? 'error' : 'ok'}
      </p>
    )
  } finally {
    rendering -= 1
  }
}

test('during render, every read of the store comes from react-redux, none from our hooks', async () => {
  const made = harness()
  renderWithCache(<Readers id={1} />, { harness: made })
  expect(await screen.findByText('User 1 / User 1 / User 1 / ok')).toBeTruthy()
  await act(async () => {
    made.controller.invalidate(getUser, { id: 1 })
  })
  expect(await screen.findByText('User 1 / User 1 / User 1 / ok')).toBeTruthy()
  expect(callers.length).toBeGreaterThan(0)
  const ours = callers.filter((caller) => /[\\/]src[\\/]/.test(caller))
  expect(ours).toEqual([])
})

test('what a render shows is one state: after each dispatch, the committed view matches it', async () => {
  const seen: string[] = []
  function Status({ id }: { id: number }) {
    const { data, loading, error } = useDLE(getUser, { id })
    const view = `${data?.name ?? '-'}|${loading}|${error?.message ?? '-'}`
    seen.push(view)
    return <p data-testid="status">{view}</p>
  }
  const made = makeStore()
  renderWithCache(<Status id={2} />, { harness: made })
  await screen.findByText('User 2|false|-')
  const select = made.cache.selectCall(getUser, { id: 2 })
  const expected = () => {
    const call = select(made.store.getState())
    const usable = call.expiryStatus !== ExpiryStatus.Invalid
    return usable ? `${call.data?.name}|false|-` : `-|true|-`
  }
  for (const change of [
    () => made.controller.invalidate(getUser, { id: 2 }),
    () => made.controller.setResponse(getUser, { id: 2 }, { id: 2, name: 'Renamed' }),
    () => made.controller.expireAll({ testKey: () => true }),
  ]) {
    await act(async () => {
      change()
    })
    expect(screen.getByTestId('status').textContent).toBe(expected())
  }
  // Never a mix such as data shown while loading.
  expect(seen.filter((view) => !view.startsWith('-') && view.includes('|true|'))).toEqual([])
})
