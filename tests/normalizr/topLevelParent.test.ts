import { Entity, normalize, schema } from 'rtk-resources'

describe('parent and key at the top level', () => {
  it('pk(parent, key) of a top-level entity gets the input as parent', () => {
    const seen: unknown[] = []
    class Doc extends Entity {
      id = ''
      pk(parent?: unknown, key?: string) {
        seen.push([parent, key])
        return this.id
      }
      static key = 'Doc'
    }
    const input = { id: 'a' }
    normalize(Doc, input)
    expect(seen).toEqual([[input, undefined]])
  })

  it('process gets the input as parent', () => {
    const parents: unknown[] = []
    class Doc extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static key = 'Doc'
      static process(input: any, parent: unknown) {
        parents.push(parent)
        return { ...input }
      }
    }
    const input = { id: 'a' }
    normalize(Doc, input)
    expect(parents[0]).toBe(input)
  })

  it('a schema attribute function of a top-level Union or list gets the input as parent', () => {
    class Cat extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static key = 'Cat'
    }
    const calls: Array<[unknown, unknown, unknown]> = []
    const attribute = (value: unknown, parent: unknown, key: string | undefined) => {
      calls.push([value, parent, key])
      return 'cat'
    }
    const one = { id: 'c' }
    normalize(new schema.Union({ cat: Cat }, attribute), one)
    expect(calls[0]).toEqual([one, one, undefined])
    expect(calls[0]?.[1]).toBe(one)

    const list = [{ id: 'd' }]
    normalize(new schema.Array({ cat: Cat }, attribute), list)
    expect(calls[1]?.[1]).toBe(list)

    const map = { x: { id: 'e' } }
    normalize(new schema.Values({ cat: Cat }, attribute), map)
    expect(calls[2]).toEqual([map.x, map, 'x']) // nested: the map and the member name
  })
})
