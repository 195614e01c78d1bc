/**
 * rtk-resources/react: hooks over react-redux.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/hooks.md
 */
export { EntityCacheProvider } from './EntityCacheProvider'
export type { EntityCacheProviderProps } from './EntityCacheProvider'
export { useController } from './context'
export { useSuspense } from './useSuspense'
export { useDLE } from './useDLE'
export type { DLE, IdleDLE } from './useDLE'
export { useFetch } from './useFetch'
export { useCache, useQuery } from './useCache'
export { useError } from './useError'
export { useLoading } from './useLoading'
export { useSubscription, useLive } from './useSubscription'
// Also here, as `@data-client/react` has them: the Controller (what `useController` returns)
// and the status `getResponse` reports. The same ones as the main entry's (shared chunks).
export { Controller } from '../redux/Controller'
export { ExpiryStatus } from '../redux/read/ExpiryStatus'
