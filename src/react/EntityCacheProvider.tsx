import type { ReactNode } from 'react'
import type { SliceCache } from '../redux/createEntityCache'
import { EntityCacheContext } from './context'

/** Props of {@link EntityCacheProvider}. */
export interface EntityCacheProviderProps {
  /** The cache made by `createEntityCache`, mounted in the react-redux store. */
  cache: SliceCache
  children?: ReactNode
}

/**
 * Tells the hooks which cache to use. Put it inside react-redux's `<Provider>`.
 *
 * @example
 * ```tsx
 * <Provider store={store}>
 *   <EntityCacheProvider cache={cache}>
 *     <App />
 *   </EntityCacheProvider>
 * </Provider>
 * ```
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md#entitycacheprovider
 */
export function EntityCacheProvider({ cache, children }: EntityCacheProviderProps) {
  return <EntityCacheContext.Provider value={cache}>{children}</EntityCacheContext.Provider>
}
