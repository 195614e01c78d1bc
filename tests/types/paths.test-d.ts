/** Path-param and method types agree with what the runtime does with the same template. */
import { expectTypeOf } from 'expect-type'
import type { PathArgs, ShortenPath } from 'rtk-resources'
import { RestEndpoint, createResource, shortenPath } from 'rtk-resources'
import { Todo } from '../fixtures/resources'

// An escaped colon (`\\:`, documented in docs/api/shortenPath.md) is text, not a param.
// Runtime: get.url({ id: 1 }) === '/v1:beta/todos/1'; shortenPath('/things/:id\\:cancel') === '/things'.
const Beta = createResource({ path: '/v1\\:beta/todos/:id', schema: Todo })
void Beta.get({ id: 1 })
const cancel = new RestEndpoint({ path: '/things/:id\\:cancel', method: 'POST', body: undefined })
void cancel({ id: 5 })
expectTypeOf<PathArgs<'/things/:id\\:cancel'>>().toEqualTypeOf<{ id: string | number }>()
expectTypeOf<ShortenPath<'/things/:id\\:cancel'>>().toEqualTypeOf<'/things'>()
expectTypeOf(shortenPath('/things/:id\\:cancel')).toEqualTypeOf<'/things'>()

// A lower-case method is sent upper-cased: GET and DELETE take no body in any case.
const getLower = new RestEndpoint({ path: '/todos/:id', method: 'get' })
void getLower({ id: 1 })
const deleteLower = new RestEndpoint({ path: '/todos/:id', method: 'delete' })
void deleteLower({ id: 1 })

// A quoted param name (path-to-regexp 8's `:"name"`) is a param like any other.
const quoted = new RestEndpoint({ path: '/x/:"my-id"' })
// @ts-expect-error the param is required (runtime: PathParamError "my-id" is missing)
void quoted()
void quoted({ 'my-id': 'a b' })

// getList's query params take arrays (`?tag=a&tag=b`).
const TodoResource = createResource({ path: '/todos/:id', schema: Todo })
void TodoResource.getList({ tag: ['a', 'b'] })

// get: all path params; extras go to the query string (CONTRACT.md's table).
void TodoResource.get({ id: 1, tag: ['a', 'b'] })
// @ts-expect-error the path params are still required
void TodoResource.get({ include: 'author' })
void TodoResource.get({ id: 1, include: 'author' })

// Two backslashes escape each other: the colon after them starts a param.
expectTypeOf<PathArgs<'/files\\\\:id'>>().toEqualTypeOf<{ id: string | number }>()
expectTypeOf(shortenPath('/files\\\\:id')).toEqualTypeOf<'/files\\\\'>()
expectTypeOf(shortenPath('/a\\\\\\:b/:id')).toEqualTypeOf<'/a\\\\\\:b'>()
