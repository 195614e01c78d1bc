/** The error of a path param that cannot be put in a URL. */
import { describeValue } from '../describe'
import { RtkResourcesError } from './base'

/** Why a path param could not be put in a URL. */
export type PathParamProblem = 'missing' | 'empty' | 'dot-segment' | 'unencodable' | 'not-text'

const PATH_PARAM_ADVICE: Record<PathParamProblem, string> = {
  missing: 'Pass every :param of the path (null and undefined count as missing).',
  empty:
    'An empty value would drop a segment and send the request to another path (the list ' +
    'instead of one record). Pass a non-empty value, or leave an optional param out.',
  'dot-segment':
    'URL parsers resolve "." and ".." segments (encoded or not), so the request would go to ' +
    'another path of the server. Check where this value comes from; a value that may be "." or ' +
    '".." cannot be a path segment: send it as a query param or in the body instead.',
  unencodable: 'The value cannot be URL-encoded (a lone UTF-16 surrogate, say). Fix the value.',
  'not-text':
    'A path param is a string or a number; this value would be sent as "[object Object]" (or a ' +
    "function's source). Pass the id itself: `{ id: user.id }`, not `{ id: user }`.",
}

/**
 * A path param was missing, or its value would change which path the request goes to (`""`,
 * `"."`, `".."`), or has no text to send (an object where its id belongs), or cannot be URL-encoded
 * (a lone surrogate). Thrown before
 * anything is sent; path params are data, never path segments.
 * @see https://github.com/rtk-resources/rtk-resources/blob/main/docs/errors.md#bad-path-param
 */
export class PathParamError extends RtkResourcesError {
  /** The path template. */
  readonly path: string
  /** The name of the param. */
  readonly param: string
  /** What was wrong with it. */
  readonly problem: PathParamProblem
  /** The value given (`undefined` when missing). */
  readonly value: unknown

  constructor(
    path: string,
    param: string,
    problem: PathParamProblem,
    value: unknown,
    options?: { cause?: unknown; hint?: string },
  ) {
    const given = problem === 'missing' ? 'is missing' : `is ${describeValue(value)}`
    super(
      'bad-path-param',
      `Cannot build a URL from the path "${path}": the param "${param}" ${given}. Nothing was ` +
        `sent. ${options?.hint ?? PATH_PARAM_ADVICE[problem]}`,
      options,
    )
    this.name = 'PathParamError'
    this.path = path
    this.param = param
    this.problem = problem
    this.value = value
  }
}
