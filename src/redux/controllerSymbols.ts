/**
 * @internal The Controller's members for the React hooks only: symbols, so they stay out of
 * the public API, autocompletion and `Object.keys(controller)`.
 */

/** @internal Starts a request for a rendering component (see `useSuspense`). */
export const fetchFromRender = Symbol('rtk-resources/fetchFromRender')

/** @internal Fetches for a mounted reader, with a signal of its own (see `useDLE`). */
export const fetchForReader = Symbol('rtk-resources/fetchForReader')

/**
 * @internal True when the request of a call (by key) that started at a given time was started
 * or joined by a React reader (react/renderGrace.ts).
 */
export const askedByReader = Symbol('rtk-resources/askedByReader')

/**
 * @internal True when the call's last request wrote its outcome but the store still shows the
 * state it showed then, without it (Redux DevTools showing an earlier state): asking again
 * would write the same where nobody sees it.
 */
export const showsEarlierState = Symbol('rtk-resources/showsEarlierState')

/**
 * @internal Resolves at the store's next change (`subscribe` is the store's own): one
 * subscription per store, however many renders wait on it.
 */
export const nextStoreChange = Symbol('rtk-resources/nextStoreChange')

/**
 * @internal Resolves when the store's state of one call is no longer `shown`, the one a
 * suspended render saw (new data, an error, a reset, an invalidation): what that render waits
 * for besides its request, as a suspended component is subscribed to nothing. One subscription
 * per call, however many renders wait on it, ended by the first of the two. Reads the store
 * only in the subscription, never while rendering.
 */
export const nextCallChange = Symbol('rtk-resources/nextCallChange')

/**
 * @internal The SetupError a request of this store met (its reducer is not mounted), which the
 * hooks throw instead of asking again; `undefined` once a request finds the slice.
 */
export const setupFailure = Symbol('rtk-resources/setupFailure')

/**
 * @internal Which record makes a call's stored data unusable, in words (see
 * `redux/read/explainIncomplete.ts`), for the error the hooks make of it; `undefined` when no
 * record fails `validate`.
 */
export const explainUnusable = Symbol('rtk-resources/explainUnusable')

/**
 * @internal True when the request of a call (by key) that started at a given time settled and
 * no reader has committed a render since (react/renderGrace.ts).
 */
export const unshownByReader = Symbol('rtk-resources/unshownByReader')

/** @internal A reader of a call (by key) committed a render (react/useCallState.ts). */
export const shownByReader = Symbol('rtk-resources/shownByReader')
