/**
 * rtk-resources: a normalized entity cache for HTTP APIs, as a Redux Toolkit slice.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/getting-started.md
 */
import * as schema from './schema/schemaNamespace'

export { schema }
export { Entity } from './schema/Entity'
export type { EntityClass } from './schema/Entity'
export type { Denormalize, Normalize, PassThrough } from './schema/types'
// The schema classes also by the names editors show them (`AllSchema<typeof Todo>`): the very
// classes of `schema.All`, ... (values too: a type-only export of a class became a value in the
// bundled declarations, which compiled `new AllSchema(...)` that failed at run time).
export { AllSchema } from './schema/All'
export { ArraySchema } from './schema/ArraySchema'
export { DeleteEntitySchema } from './schema/Delete'
export { ObjectSchema } from './schema/ObjectSchema'
export { UnionSchema } from './schema/Union'
export { ValuesSchema } from './schema/Values'
export type { EntitySchemaOptions } from './schema/EntitySchema'

export { normalize } from './schema/normalize'
export { NEVER_EXPIRES } from './normalizr/normalize'
export type { NormalizeMeta } from './normalizr/normalize'
export { MemoCache } from './normalizr/MemoCache'
export type { DenormalizeResult } from './normalizr/MemoCache'
export { createPlainSource, applyNormalized } from './normalizr/plainSource'
export type { PlainTables } from './normalizr/plainSource'
export type {
  EntityMeta,
  EntityRecord,
  EntitySource,
  EntityTables,
  NormalizedResponse,
  SchemaContract,
  ResponseShape,
  NormalizeContext,
  DenormalizeContext,
  QueryContext,
} from './normalizr/types'

export { createEntityCache } from './createEntityCache'
export type { EntityCache } from './createEntityCache'
export type { EntityCacheOptions, SliceCache } from './redux/createEntityCache'
export { Controller } from './redux/Controller'
export { fixture, fixtureState, loadFixtures } from './redux/fixtures'
export type { Fixture } from './redux/fixtures'
export type { StoreLike } from './redux/Controller'
export { Query } from './redux/read/Query'
export { ExpiryStatus } from './redux/read/ExpiryStatus'
export type { CallState, ResponseState, Readable } from './redux/read/readCall'
export type { RootSelector } from './redux/read/selectors'
export type {
  EntityCacheActions,
  ReceivedPayload,
  FailedPayload,
  CollectedPayload,
  RequestStart,
  InvalidatedPayload,
} from './redux/slice/actions'
export type { CollectGarbageOptions } from './redux/gc/plan'
export type {
  EntityCacheState,
  RequestMeta,
  SerializedError,
  OptimisticLayer,
} from './redux/slice/state'
export type {
  EndpointInterface,
  EndpointArgs,
  EndpointData,
  OptimisticSnapshot,
} from './redux/endpointTypes'
export type { CacheThunk } from './redux/request/fetchThunk'
export { AbortOptimistic } from './redux/request/AbortOptimistic'
export type {
  RtkQueryApi,
  RtkQueryBridge,
  RtkQueryBridgeSchemas,
  RtkQueryResult,
  RtkQueryArg,
  CheckedSchemas,
  SchemaMismatch,
  UnknownEndpoint,
  RecordData,
  ResultData,
} from './rtkQuery/types'
export { Endpoint } from './endpoint/Endpoint'
export type { EndpointOptions, EndpointInstance } from './endpoint/Endpoint'
export type {
  AbstractInstanceType,
  EndpointExtraOptions,
  FetchFunction,
  ResolveType,
  Schema,
} from './endpoint/dataClientTypes'
export type { EndpointUpdateFunction, EndpointUpdaters } from './endpoint/update'

export { RestEndpoint } from './rest/RestEndpoint'
export type {
  RestGenerics,
  RestEndpointOptions,
  RestArgs,
  RestResult,
  RestExtended,
  ExtraMembers,
} from './rest/restTypes'
export type { PathArgs, PathKeys, ShortenPath } from './rest/pathTypes'
export { shortenPath } from './rest/shortenPath'
export { createResource } from './rest/createResource'
export type {
  Defaults,
  GetEndpoint,
  MutateEndpoint,
  RestEndpointConstructorOptions,
} from './rest/dataClientRestTypes'
export { Resource } from './rest/Resource'
export type { ResourceClass } from './rest/Resource'
export type {
  RestResource,
  ResourceMember,
  ResourceOptions,
  ResourceGenerics,
  ResourceBody,
  BodyFields,
  ListSearch,
  SearchParams,
  RestEndpointClass,
  DeleteResult,
} from './rest/resourceTypes'
export type { PageParams, PaginatedEndpoint } from './rest/paginated'
export { hookifyResource } from './rest/hookifyResource'
export type { HookResource } from './rest/hookifyResource'
export { GQLEndpoint } from './graphql/GQLEndpoint'
export type {
  GiveTheSchemaTypeToo,
  GQLExtendOptions,
  GQLMutation,
  GQLOptions,
  GQLProcess,
  GQLProcessed,
  GQLResult,
  GQLVariables,
} from './graphql/GQLEndpoint'
export { GQLEntity } from './graphql/GQLEntity'

export {
  GraphQLError,
  NetworkError,
  RtkResourcesError,
  MissingPrimaryKeyError,
  EntityValidationError,
  SchemaDefinitionError,
  InputTooDeepError,
  PathParamError,
  SetupError,
  UnexpectedResponseError,
  EndpointUpdateError,
  UnusableResponseError,
} from './internal/errors'
export type {
  ErrorCode,
  ErrorTypes,
  GraphQLErrorEntry,
  PathParamProblem,
  UnusableReason,
} from './internal/errors'
