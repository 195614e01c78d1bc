import { createContext, useContext } from 'react'
import { ReactReduxContext, useStore } from 'react-redux'
import { SetupError } from '../internal/errors'
import type { Controller } from '../redux/Controller'
import { setupFailure } from '../redux/controllerSymbols'
import type { SliceCache } from '../redux/createEntityCache'

/** Which cache the hooks read (set by `EntityCacheProvider`). */
export const EntityCacheContext = createContext<SliceCache | null>(null)

/** @internal The cache from context, or a clear error when the provider is missing. */
export function useEntityCache(): SliceCache {
  const cache = useContext(EntityCacheContext)
  const redux = useContext(ReactReduxContext)
  if (!cache) {
    throw new SetupError(
      'rtk-resources hooks need <EntityCacheProvider cache={cache}> around the component that ' +
        'calls them, inside react-redux <Provider store={store}> (the store that mounts ' +
        'cache.reducer).',
    )
  }
  if (typeof (cache as Partial<SliceCache>).selectCall !== 'function') {
    throw new SetupError(
      '<EntityCacheProvider cache={...}> was given something that is not a cache: pass what ' +
        'createEntityCache() returned (the store goes to react-redux <Provider store={store}>).',
    )
  }
  if (!redux) {
    throw new SetupError(
      'rtk-resources hooks found <EntityCacheProvider> but no react-redux <Provider ' +
        'store={store}> above it: wrap both in the Provider of the store that mounts ' +
        'cache.reducer.',
    )
  }
  return cache
}

/**
 * The Controller bound to the react-redux store: fetch, invalidate, setResponse... from
 * event handlers.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#usecontroller
 */
export function useController(): Controller {
  const cache = useEntityCache()
  const store = useStore()
  const controller = cache.controller(store)
  // A request of this store found no slice after its action (the reducer is not mounted): the
  // error boundary shows why, rather than the hooks asking again on every render.
  const failure = controller[setupFailure]
  if (failure) throw failure
  return controller
}
