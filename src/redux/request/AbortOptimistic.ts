/**
 * Thrown from `getOptimisticResponse` to skip the optimistic write of one call (nothing to show
 * yet, say): the request is sent as usual and its answer is stored when it comes. Any other
 * error thrown there skips the write the same way; this one says it was meant. Named as in
 * Reactive Data Client.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/guides/optimistic-updates.md
 */
export class AbortOptimistic extends Error {
  constructor(message = 'The optimistic write of this call was skipped (AbortOptimistic).') {
    super(message)
    this.name = 'AbortOptimistic'
  }
}
