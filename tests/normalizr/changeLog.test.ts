import {
  MAX_LINKS,
  MAX_RECORDS,
  forEachChangeBetween,
  linkSnapshots,
} from '../../src/normalizr/changeLog'

/** What forEachChangeBetween reports, as sorted `key:pk` strings, or false. */
function between(from: object, to: object): string[] | false {
  const seen = new Set<string>()
  const known = forEachChangeBetween(from, to, (key, pk) => seen.add(`${key}:${pk}`))
  return known ? [...seen].sort() : false
}

describe('changeLog: what changed between two snapshots', () => {
  it('reports every record written or removed on the way, in either direction', () => {
    const [a, b, c] = [{}, {}, {}]
    linkSnapshots(a, b, { User: { 1: {}, 2: {} } })
    linkSnapshots(b, c, { User: ['2'], Post: ['9'] })
    expect(between(a, c)).toEqual(['Post:9', 'User:1', 'User:2'])
    expect(between(c, a)).toEqual(['Post:9', 'User:1', 'User:2'])
    expect(between(b, c)).toEqual(['Post:9', 'User:2'])
    expect(between(c, c)).toEqual([])
  })

  it('between two branches of one history: what both sides changed since they parted', () => {
    const [root, left, right] = [{}, {}, {}]
    linkSnapshots(root, left, { User: ['1'] })
    linkSnapshots(root, right, { User: ['2'] })
    expect(between(left, right)).toEqual(['User:1', 'User:2'])
  })

  it('cannot tell for snapshots it never linked, or from other histories', () => {
    const [a, b, other, unrelated] = [{}, {}, {}, {}]
    linkSnapshots(a, b, { User: ['1'] })
    linkSnapshots(other, unrelated, { User: ['1'] })
    expect(between(a, {})).toBe(false)
    expect(between(a, unrelated)).toBe(false)
  })

  it('keeps a bounded history: the chain is cut behind its last links', () => {
    const snapshots = [{}]
    for (let i = 0; i < MAX_LINKS + 5; i++) {
      const next = {}
      linkSnapshots(snapshots[snapshots.length - 1] as object, next, { User: [String(i)] })
      snapshots.push(next)
    }
    const last = snapshots[snapshots.length - 1] as object
    expect(between(snapshots[snapshots.length - 2] as object, last)).toEqual([
      `User:${MAX_LINKS + 4}`,
    ])
    expect(between(snapshots[0] as object, last)).toBe(false)
  })

  it('does not link a write bigger than it keeps, and holds its own copy of the pks', () => {
    const [a, b, c, d] = [{}, {}, {}, {}]
    const many = Array.from({ length: MAX_RECORDS + 1 }, (_, i) => String(i))
    linkSnapshots(a, b, { User: many })
    expect(between(a, b)).toBe(false)
    const changes = { User: ['1'] }
    linkSnapshots(c, d, changes)
    changes.User.push('2')
    expect(between(c, d)).toEqual(['User:1'])
  })
})
