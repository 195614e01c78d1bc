/**
 * A response that contains itself outside any entity (an SDK's objects pointing back at their
 * parent) is refused with an InputTooDeepError naming the member, by every route that stores
 * one; entities end cycles (records hold pks), and shared objects are no cycle.
 */
import { Endpoint, Entity, InputTooDeepError } from 'rtk-resources'
import { expectPlain, makeStore } from '../../fixtures/store'

class Note extends Entity {
  id = 0
  text = ''
  pk() {
    return this.id
  }
  static key = 'CyclicNote'
}

describe('a response that contains itself outside any entity is refused, naming the member', () => {
  /** An SDK-style tree whose nodes point back at their parent. */
  function tree() {
    const root: Record<string, unknown> = { name: 'root' }
    root.children = [{ name: 'a' }, { name: 'b', parent: root }]
    return root
  }

  test('without a schema; with the cycle in a member of an entity; by setResponse', async () => {
    const { store, controller, expectSilentChecks } = makeStore()
    const getTree = new Endpoint(async () => tree(), { name: 'getTree' })
    const error = await controller.fetch(getTree).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(InputTooDeepError)
    expect(error).toMatchObject({ code: 'too-deep', cyclePath: 'children[1].parent' })
    expect((error as Error).message).toContain('`children[1].parent` refers back')

    const getNote = new Endpoint(async () => ({ id: 1, text: 'a', extra: tree() }), {
      schema: Note,
      name: 'getCyclicNote',
    })
    await expect(controller.fetch(getNote)).rejects.toMatchObject({
      cyclePath: 'CyclicNote 1: extra.children[1].parent',
    })
    expect(() => controller.setResponse(getTree, tree())).toThrow(InputTooDeepError)
    // Nothing of them was stored; the refusals are recorded as plain errors.
    expect(store.getState().data.entities).toEqual({})
    expectPlain(store.getState().data)
    expectSilentChecks()
  })

  test('entities end cycles, and shared objects are no cycle: both are stored', async () => {
    const { store, controller, cache, expectSilentChecks } = makeStore()
    class Person extends Entity {
      id = 0
      friend: Person | null = null
      pk() {
        return this.id
      }
      static key = 'CyclicPerson'
      static schema = { friend: Person }
    }
    const ann: Record<string, unknown> = { id: 1, friend: null }
    ann.friend = { id: 2, friend: ann }
    const tag = { label: 'x' }
    const getPerson = new Endpoint(async () => ({ person: ann, tags: [tag, tag] }), {
      schema: { person: Person },
      name: 'getPerson',
    })
    const read = await controller.fetch(getPerson)
    expect(read.person.friend?.friend).toBe(read.person)
    // A member no schema names passes through (untyped by the schema).
    const stored = cache.select(getPerson)(store.getState()) as { tags?: unknown } | undefined
    expect(stored?.tags).toEqual([tag, tag])
    expectPlain(store.getState().data)
    expectSilentChecks()
  })
})
