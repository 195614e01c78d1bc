import type { NormalizeMeta } from '../normalizr/normalize'
import { normalize as normalizeResponse } from '../normalizr/normalize'
import type { EntitySource, NormalizedResponse } from '../normalizr/types'
import type { Normalize } from './types'

/**
 * Replaces every entity in `input` by its primary key and collects the records, merged with what
 * `source` already holds (shallow merge; a record fetched earlier than the stored one loses).
 * The output is plain JSON data, and its `result` is typed from the schema
 * ({@link Normalize}): `normalize([User], users).result` is a `(string | number)[]` (each pk as
 * `pk()` returned it, or as the input held it when already normalized).
 *
 * @param schema - any schema: an Entity class, `[S]`, `{ ... }`, or a `schema.*` instance
 * @param input - the (processed) response
 * @param args - the endpoint arguments it answers (passed to `process`, `pk`, ...)
 * @param source - the entities already stored; defaults to none
 * @param meta - times recorded with every written record
 * @template TSchema - the schema
 * @throws MissingPrimaryKeyError, EntityValidationError, InputTooDeepError,
 *   UnexpectedResponseError (a response of the wrong type: a primitive where an object is
 *   expected, a list where an object of members is, an object that is not a map of records
 *   where a list is, a fetch `Response`), SchemaDefinitionError (a schema that cannot be used)
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/api/normalize.md
 */
export function normalize<TSchema>(
  schema: TSchema,
  input: unknown,
  args?: readonly unknown[],
  source?: EntitySource,
  meta?: NormalizeMeta,
): NormalizedResponse<Normalize<TSchema>> {
  return normalizeResponse(schema, input, args, source, meta) as NormalizedResponse<
    Normalize<TSchema>
  >
}
