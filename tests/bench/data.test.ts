import { affectedBy, generateItems, generateProjects } from '../../bench/data'
import type { GraphSize, RawItem } from '../../bench/data'
import { dataClient } from '../../bench/peers/dataClient'
import { normalizr } from '../../bench/peers/normalizr'
import { ours } from '../../bench/peers/ours'
import { createCacheStore, receivedPayload } from '../../bench/peers/redux'
import { createAdapterStore, itemsSlice } from '../../bench/peers/rtkAdapter'
import type { GraphPeer, ReadProject } from '../../bench/peers/types'
import { keptReferences } from '../../bench/refs'

const small: GraphSize = { projects: 6, users: 4, issuesPerProject: 3, labels: 5 }

/** JSON round trip: class instances become plain data, so the libraries compare like with like. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

function roundTrip(peer: GraphPeer, raw: unknown[]) {
  const { result, state } = peer.normalize(raw as never)
  return peer.denormalize(peer.createMemo?.(), result, state)
}

describe('bench data', () => {
  it('is deterministic for a seed, and differs between seeds', () => {
    expect(generateProjects()).toEqual(generateProjects())
    expect(generateProjects(small, 7)).toEqual(generateProjects(small, 7))
    expect(generateProjects(small, 7)).not.toEqual(generateProjects(small, 8))
    expect(generateItems(100, 5, 1)).toEqual(generateItems(100, 5, 1))
    expect(generateItems(3, 5, 1)).not.toEqual(generateItems(3, 5, 2))
  })

  it('has the requested shape: 500 projects × 10 issues, 2–3 distinct labels each', () => {
    const projects = generateProjects()
    expect(projects).toHaveLength(500)
    const users = new Set<number>()
    const labels = new Set<number>()
    const issueIds = new Set<number>()
    for (const project of projects) {
      expect(project.issues).toHaveLength(10)
      users.add(project.owner.id)
      for (const issue of project.issues) {
        issueIds.add(issue.id)
        users.add(issue.assignee.id)
        const ids = issue.labels.map((label) => label.id)
        expect(ids.length).toBeGreaterThanOrEqual(2)
        expect(ids.length).toBeLessThanOrEqual(3)
        expect(new Set(ids).size).toBe(ids.length)
        ids.forEach((id) => labels.add(id))
      }
    }
    expect(issueIds.size).toBe(5000)
    expect(users.size).toBeLessThanOrEqual(100)
    expect(labels.size).toBeLessThanOrEqual(20)
  })

  it('writes flat items with consecutive ids', () => {
    const items = generateItems(4, 10, 3)
    expect(items.map((item) => item.id)).toEqual([10, 11, 12, 13])
    expect(items[0]?.name).toBe('item 10 v3')
  })
})

describe('bench peers', () => {
  const raw = generateProjects(small, 3)

  it('all read back the same data: ours deep-equals normalizr and data-client', () => {
    const expected = plain(roundTrip(normalizr, raw))
    expect(expected).toEqual(raw)
    expect(plain(roundTrip(ours, raw))).toEqual(expected)
    expect(plain(roundTrip(dataClient, raw))).toEqual(expected)
  })

  it('agree after one user changed', () => {
    const user = { ...(raw[0] as (typeof raw)[0]).owner, name: 'renamed' }
    const read = (peer: GraphPeer) => {
      const { result, state } = peer.normalize(raw)
      const next = (peer.writeUser as NonNullable<GraphPeer['writeUser']>)(state, user)
      return plain(peer.denormalize(peer.createMemo?.(), result, next)) as ReadProject[]
    }
    const fromOurs = read(ours)
    expect(fromOurs).toEqual(read(dataClient))
    expect(fromOurs[0]?.owner).toEqual(user)
  })

  it('count kept references against what the change reaches', () => {
    const userId = (raw[0] as (typeof raw)[0]).owner.id
    const expected = affectedBy(raw, userId)
    for (const peer of [ours, dataClient] as GraphPeer[]) {
      const { result, state } = peer.normalize(raw)
      const memo = peer.createMemo?.()
      const prev = peer.denormalize(memo, result, state) as ReadProject[]
      const user = { ...(raw[0] as (typeof raw)[0]).owner, name: 'renamed' }
      const nextState = (peer.writeUser as NonNullable<GraphPeer['writeUser']>)(state, user)
      const next = peer.denormalize(memo, result, nextState) as ReadProject[]
      expect(keptReferences(prev, next)).toEqual({
        projects: expected.projects.unaffected,
        issues: expected.issues.unaffected,
        users: expected.users.unaffected,
      })
      expect(keptReferences(prev, prev)).toEqual({
        projects: expected.projects.total,
        issues: expected.issues.total,
        users: expected.users.total,
      })
    }
  })
})

describe('bench stores', () => {
  it('the cache store and the adapter store hold the same written records', () => {
    const base = generateItems(50, 1)
    const update = generateItems(10, 45, 2)
    const { store, cache, dispatchReceived } = createCacheStore(base)
    dispatchReceived(receivedPayload('page', update))
    const stored = cache.selectTable('Item')(store.getState()) as unknown as Record<string, RawItem>
    const adapterStore = createAdapterStore(base)
    adapterStore.dispatch(itemsSlice.actions.upsertMany(update))
    const adapted = adapterStore.getState().items.entities
    expect(Object.keys(stored).sort()).toEqual(Object.keys(adapted).map(String).sort())
    for (const item of update) expect(stored[String(item.id)]).toEqual(adapted[item.id])
    expect(stored['54']?.name).toBe('item 54 v2')
  })
})
