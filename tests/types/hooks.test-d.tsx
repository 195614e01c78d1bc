/**
 * The React hooks' types where `null` args or a returned promise change them (Reactive Data
 * Client's overloads): `useLive` and `useFetch`.
 */
import { expectTypeOf } from 'expect-type'
import { Endpoint } from 'rtk-resources'
import { useFetch, useLive } from 'rtk-resources/react'
import { User } from '../fixtures/entities'

const getUser = new Endpoint(async ({ id }: { id: number }) => ({ id, name: '' }), {
  schema: User,
  pollFrequency: 1000,
})
const getUsers = new Endpoint(async () => [], { schema: [User] })

function Live({ id }: { id: number | null }) {
  expectTypeOf(useLive(getUser, { id: 1 })).toEqualTypeOf<User>()
  expectTypeOf(useLive(getUsers)).toEqualTypeOf<User[]>()
  // null args: inactive, undefined.
  expectTypeOf(useLive(getUser, null)).toEqualTypeOf<User | undefined>()
  expectTypeOf(useLive(getUser, id === null ? null : { id })).toEqualTypeOf<User | undefined>()
  // @ts-expect-error id is required
  useLive(getUser, {})
  // @ts-expect-error wrong arg type
  useLive(getUser, { id: 'x' })
  return null
}

function Fetch({ id }: { id: number | null }) {
  // The request's promise when it fetches, else undefined.
  expectTypeOf(useFetch(getUser, { id: 1 })).toEqualTypeOf<Promise<User> | undefined>()
  expectTypeOf(useFetch(getUsers)).toEqualTypeOf<Promise<User[]> | undefined>()
  expectTypeOf(useFetch(getUser, null)).toEqualTypeOf<Promise<User> | undefined>()
  expectTypeOf(useFetch(getUser, id === null ? null : { id })).toEqualTypeOf<
    Promise<User> | undefined
  >()
  // @ts-expect-error id is required
  useFetch(getUser, {})
  return null
}
void Live
void Fetch
