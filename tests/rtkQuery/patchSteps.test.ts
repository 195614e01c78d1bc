/** The bridge's changes made outside a draft: only the objects on changed paths are new. */
import { patchedCopy, touchesReservedKey } from '../../src/rtkQuery/patchSteps'
import type { PatchSteps } from '../../src/rtkQuery/patchSteps'

const data = () =>
  JSON.parse(
    '{"__proto__": {"id": 1, "tags": ["a", "b", "c"]}, "other": {"id": 2}, "list": [{"id": 3}, {"id": 4}]}',
  ) as Record<string, any>

describe('patchedCopy', () => {
  it('copies only the changed paths, keeps "__proto__" as data, and leaves the input as it was', () => {
    const input = data()
    const frozen = JSON.stringify(input)
    const steps: PatchSteps = {
      writes: [{ path: ['__proto__'], member: 'title', value: 'new' }],
      drops: [{ path: ['__proto__', 'tags'], indices: new Set([1]), depth: 2 }],
      root: undefined,
    }
    expect(touchesReservedKey(steps)).toBe(true)
    const out = patchedCopy(input, steps) as Record<string, any>
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({
      id: 1,
      tags: ['a', 'c'],
      title: 'new',
    })
    expect(out.other).toBe(input.other)
    expect(out.list).toBe(input.list)
    expect(JSON.stringify(input)).toBe(frozen)
  })

  it('removes members and list items deepest first, then items of the root list', () => {
    const input = [{ id: 1, a: { b: 1, c: 2 }, items: [1, 2, 3] }, { id: 2 }, { id: 3 }]
    const steps: PatchSteps = {
      writes: [],
      drops: [
        { path: [0, 'a'], member: 'b', depth: 3 },
        { path: [0, 'items'], indices: new Set([0, 2]), depth: 2 },
      ],
      root: { path: [], indices: new Set([1]) },
    }
    expect(touchesReservedKey(steps)).toBe(false)
    expect(patchedCopy(input, steps)).toEqual([{ id: 1, a: { c: 2 }, items: [2] }, { id: 3 }])
    expect(input[0]).toEqual({ id: 1, a: { b: 1, c: 2 }, items: [1, 2, 3] })
  })

  it('leaves out a change whose place holds something else now', () => {
    const input = { a: 1 }
    const steps: PatchSteps = {
      writes: [{ path: ['a', 'b'], member: 'c', value: 1 }],
      drops: [{ path: ['a'], indices: new Set([0]), depth: 1 }],
      root: undefined,
    }
    expect(patchedCopy(input, steps)).toEqual({ a: 1 })
  })
})
