/**
 * How usable a cached response is (the numbers data-client uses):
 * - `Invalid`: nothing valid to show (missing, invalidated, or incomplete); readers fetch and wait.
 * - `InvalidIfStale`: usable until `expiresAt`, then treated as missing (`invalidIfStale`).
 * - `Valid`: usable; after `expiresAt` it is stale: still shown while a reader refetches.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/concepts/expiry.md
 */
export const ExpiryStatus = { Invalid: 1, InvalidIfStale: 2, Valid: 3 } as const
/** One of {@link ExpiryStatus}'s values. */
export type ExpiryStatus = (typeof ExpiryStatus)[keyof typeof ExpiryStatus]
