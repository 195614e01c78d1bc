import { cyclePath } from '../../src/internal/cycles'

test('names the member that refers back, through objects and arrays', () => {
  const root: Record<string, unknown> = { name: 'root' }
  root.children = [{ name: 'a' }, { name: 'b', parent: root }]
  expect(cyclePath(root)).toBe('children[1].parent')
  const self: Record<string, unknown> = {}
  self.me = self
  expect(cyclePath(self)).toBe('me')
  const list: unknown[] = [1]
  list.push({ back: list })
  expect(cyclePath(list)).toBe('[1].back')
})

test('shared objects, primitives and deep chains are no cycle', () => {
  const shared = { deep: { x: 1 } }
  expect(cyclePath({ a: shared, b: [shared, shared] })).toBeUndefined()
  expect(cyclePath(null)).toBeUndefined()
  expect(cyclePath('text')).toBeUndefined()
  // Without recursion: a chain deeper than the call stack allows.
  let chain: Record<string, unknown> = {}
  for (let i = 0; i < 50_000; i++) chain = { next: chain }
  expect(cyclePath(chain)).toBeUndefined()
})
