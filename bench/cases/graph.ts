/** Cases 1–4 and 7: the 500-project graph through each library. */
import { affectedBy, generateProjects } from '../data'
import type { RawProject } from '../data'
import { dataClient } from '../peers/dataClient'
import { normalizr } from '../peers/normalizr'
import { ours } from '../peers/ours'
import type { GraphPeer, ReadProject } from '../peers/types'
import { keptReferences } from '../refs'
import type { Kept } from '../refs'
import type { CaseResult, Measurement } from '../results'
import { compare, retainedHeap, task, taskWithSetup } from '../timing'
import type { MeasureOptions, Task } from '../timing'

export interface GraphCases {
  results: CaseResult[]
  /** References kept after one user changed, per library, and how many were unaffected. */
  kept: { expected: Kept; totals: Kept; byPeer: Record<string, Kept> }
}

interface Loaded {
  result: unknown
  state: unknown
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`

function caseResult(id: string, title: string, peers: GraphPeer[], values: Measurement[]) {
  return {
    id,
    title,
    ours: values[0] as Measurement,
    peers: peers
      .slice(1)
      .map((peer, i) => ({ name: peer.name, value: values[i + 1] as Measurement })),
  }
}

/**
 * "One user changes, then the list is read again", in steady state, for one library: the
 * write happens before each timed read (`read`), or inside the timed call (`writeAndRead`).
 */
function oneChange(peer: GraphPeer, loaded: Loaded, user: RawProject['owner']) {
  const writeUser = peer.writeUser as NonNullable<GraphPeer['writeUser']>
  const memo = peer.createMemo?.()
  const { result } = loaded
  let state = loaded.state
  let version = 0
  const write = () => {
    version++
    state = writeUser(state, { ...user, name: `${user.name} v${version}` })
    return state
  }
  const read = (s: unknown) => peer.denormalize(memo, result, s) as ReadProject[]
  read(state)
  return {
    read: taskWithSetup(write, read),
    writeAndRead: task(() => read(write())),
    kept(): Kept {
      const prev = read(state)
      return keptReferences(prev, read(write()))
    },
  }
}

export function runGraphCases(options: MeasureOptions = {}): GraphCases {
  const raw = generateProjects()
  const all: GraphPeer[] = [ours, dataClient, normalizr]
  const memoized: GraphPeer[] = [ours, dataClient]
  const results: CaseResult[] = []
  const timeEach = (
    id: string,
    title: string,
    peers: GraphPeer[],
    make: (p: GraphPeer) => Task,
  ) => {
    const timings = compare(peers.map(make), options)
    results.push(
      caseResult(
        id,
        title,
        peers,
        timings.map((timing) => ({ timing })),
      ),
    )
  }

  timeEach('1', 'normalize 500 projects', all, (peer) => task(() => peer.normalize(raw)))

  const loaded = new Map(all.map((peer) => [peer, peer.normalize(raw) as Loaded]))
  const get = (peer: GraphPeer) => loaded.get(peer) as Loaded

  timeEach('2', 'denormalize cold (new memo)', all, (peer) => {
    const { result, state } = get(peer)
    return task(() => peer.denormalize(peer.createMemo?.(), result, state))
  })

  timeEach('3', 'denormalize repeat, same state', memoized, (peer) => {
    const { result, state } = get(peer)
    const memo = peer.createMemo?.()
    peer.denormalize(memo, result, state)
    return task(() => peer.denormalize(memo, result, state))
  })

  // The owner of the first project (also the assignee of about 1% of the issues).
  const user = (raw[0] as RawProject).owner
  const expected = affectedBy(raw, user.id)
  const changes = memoized.map((peer) => oneChange(peer, get(peer), user))
  timeEach('4', 'read after 1 user changed', memoized, (peer) => {
    return (changes[memoized.indexOf(peer)] as ReturnType<typeof oneChange>).read
  })
  timeEach('4b', 'write 1 user + read', memoized, (peer) => {
    return (changes[memoized.indexOf(peer)] as ReturnType<typeof oneChange>).writeAndRead
  })
  const kept = changes.map((change) => change.kept())

  const heap = memoized.map((peer) => {
    const { result, state } = get(peer)
    peer.denormalize(undefined, result, state)
    return {
      bytes: retainedHeap(() => {
        const memo = peer.createMemo?.()
        return [memo, peer.denormalize(memo, result, state)]
      }),
    }
  })
  const { result, state } = get(normalizr)
  const plain = retainedHeap(() => (normalizr as GraphPeer).denormalize(undefined, result, state))
  // Ours once it tracks changes (its source reported one): the memo also holds reverse edges.
  const loadedOurs = get(ours)
  const oursPeer = ours as GraphPeer
  const changed = (oursPeer.writeUser as NonNullable<GraphPeer['writeUser']>)(loadedOurs.state, {
    ...user,
    name: `${user.name} (heap)`,
  })
  const tracked = retainedHeap(() => {
    const memo = oursPeer.createMemo?.()
    oursPeer.denormalize(memo, loadedOurs.result, loadedOurs.state)
    return [memo, oursPeer.denormalize(memo, loadedOurs.result, changed)]
  })
  results.push({
    ...caseResult('7', 'heap: memo + view of 500 projects', memoized, heap),
    notes: [
      `plain denormalized data alone (normalizr, no memo): ${mb(plain)}`,
      `ours after a reported change (change tracking on): ${mb(tracked)}`,
    ],
  })

  return {
    results,
    kept: {
      expected: {
        projects: expected.projects.unaffected,
        issues: expected.issues.unaffected,
        users: expected.users.unaffected,
      },
      totals: {
        projects: expected.projects.total,
        issues: expected.issues.total,
        users: expected.users.total,
      },
      byPeer: Object.fromEntries(memoized.map((peer, i) => [peer.name, kept[i] as Kept])),
    },
  }
}
