/**
 * The error catalogue. Every error the library raises is one of these classes, with a stable
 * `code` and a message that says what happened, the likely cause, the fix, and where to read more
 * (`docs/errors.md#<code>`).
 */
export { BAD_RESPONSE_CODES, BAD_RESPONSE_STATUS, RtkResourcesError, inResponseTo } from './base'
export type { ErrorCode, ErrorTypes } from './base'
export {
  SchemaDefinitionError,
  SetupError,
  UNLOADED_IMPORT,
  entityInstanceSchemaError,
  undefinedSchemaError,
} from './setupErrors'
export {
  EntityValidationError,
  InputTooDeepError,
  MissingPrimaryKeyError,
  UnexpectedResponseError,
} from './responseErrors'
export { GraphQLError, NetworkError, isFetchResponse } from './requestErrors'
export type { GraphQLErrorEntry } from './requestErrors'
export { PathParamError } from './pathParamError'
export type { PathParamProblem } from './pathParamError'
export { EndpointUpdateError, UnusableResponseError } from './storeErrors'
export type { UnusableReason } from './storeErrors'
