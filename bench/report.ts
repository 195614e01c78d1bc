/** Prints the results table, the reference counts and the targets (issues 2, 3 and 18). */
import type { GraphCases } from './cases/graph'
import type { CaseResult, Measurement } from './results'
import { ratio } from './results'

function formatMs(ms: number): string {
  if (ms >= 100) return ms.toFixed(0)
  if (ms >= 1) return ms.toFixed(2)
  if (ms >= 0.01) return ms.toFixed(3)
  return ms.toExponential(1)
}

function formatValue(m: Measurement): string {
  if (m.timing) return `${formatMs(m.timing.median)} / ${formatMs(m.timing.p90)} ms`
  if (m.bytes !== undefined) return `${(m.bytes / 1024 / 1024).toFixed(2)} MB`
  return m.missing ?? 'n/a'
}

function formatRatio(value: number | undefined): string {
  if (value === undefined) return '-'
  if (value >= 100) return `${value.toFixed(0)}×`
  // Near 1, two decimals would print a narrow loss as "1.00×".
  if (value > 0.99 && value < 1.01) return `${value.toFixed(3)}×`
  return `${value.toFixed(2)}×`
}

function table(rows: string[][]): string {
  const widths = (rows[0] as string[]).map((_, c) =>
    Math.max(...rows.map((r) => (r[c] ?? '').length)),
  )
  return rows
    .map((row) => row.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | '))
    .join('\n')
}

export function printResults(results: CaseResult[], graph: GraphCases | undefined): void {
  const rows = [['case', 'ours (median / p90)', 'peer', 'peer (median / p90)', 'peer ÷ ours']]
  for (const result of results) {
    const head = [`${result.id}. ${result.title}`, formatValue(result.ours)]
    if (result.peers.length === 0) rows.push([...head, '-', '-', '-'])
    result.peers.forEach(({ name, value }, i) => {
      const cells = i === 0 ? head : ['', '']
      rows.push([...cells, name, formatValue(value), formatRatio(ratio(result.ours, value))])
    })
  }
  console.log(table(rows))
  console.log('\n(peer ÷ ours: how many times cheaper ours is; above 1 means ours wins)')

  for (const result of results) {
    for (const note of result.notes ?? []) console.log(`${result.id}: ${note}`)
  }
  if (!graph) return
  const { expected, totals, byPeer } = graph.kept
  console.log('\n4. references kept after one user changed (kept / unaffected / total):')
  for (const [name, kept] of Object.entries(byPeer)) {
    console.log(
      `  ${name.padEnd(24)} projects ${kept.projects}/${expected.projects}/${totals.projects}` +
        `  issues ${kept.issues}/${expected.issues}/${totals.issues}` +
        `  users ${kept.users}/${expected.users}/${totals.users}`,
    )
  }
}

interface Target {
  text: string
  measured: string
  pass: boolean | undefined
}

export function printTargets(results: CaseResult[], graph: GraphCases | undefined): boolean {
  const byId = new Map(results.map((r) => [r.id, r]))
  const peerRatio = (id: string, peer: string) => {
    const result = byId.get(id)
    const value = result?.peers.find((p) => p.name.startsWith(peer))?.value
    return result && value ? ratio(result.ours, value) : undefined
  }
  const atLeast = (value: number | undefined, min: number) =>
    value === undefined ? undefined : value >= min
  const expected = graph?.kept.expected
  const kept = graph?.kept.byPeer['rtk-resources']
  const allKept =
    kept !== undefined &&
    expected !== undefined &&
    kept.projects === expected.projects &&
    kept.issues === expected.issues &&
    kept.users === expected.users

  const cold = peerRatio('2', 'normalizr')
  const first = peerRatio('2s', 'normalizr')
  const firstOwn = peerRatio('2s-own', 'normalizr')
  const parse = peerRatio('9', 'JSON.parse')
  const reread = byId.get('10')
  const rereadMs = reread?.ours.timing?.median
  const engineReread = byId.get('10e')
  const engineRereadMs = engineReread?.ours.timing?.median
  const write = peerRatio('11', 'plain')
  const writeStrings = peerRatio('11s', 'plain')
  const bigHeap = peerRatio('12', 'RTK')
  const bigHeapOwn = peerRatio('12-own', 'RTK')
  const issue18: Target[] = [
    {
      text: '1. cold denormalize no slower than normalizr@3.6.2',
      measured: formatRatio(cold),
      pass: atLeast(cold, 1),
    },
    {
      text: '1. first read through a selector no slower than normalizr + reselect',
      measured:
        formatRatio(first) +
        (firstOwn === undefined ? '' : ` (in a process of its own: ${formatRatio(firstOwn)})`),
      pass: atLeast(first, 1),
    },
    {
      text: '2. 100k response fetch → stored → first read ≤ 3× JSON.parse of its body',
      measured: parse === undefined ? '-' : `${(1 / parse).toFixed(2)}× JSON.parse`,
      pass: parse === undefined ? undefined : 1 / parse <= 3,
    },
    {
      text: '2. 100k list re-read after 1 record changed ≤ 10 ms, every other item kept',
      measured:
        rereadMs === undefined
          ? '-'
          : `${formatMs(rereadMs)} ms, refs ${reread?.refsKept ? 'kept' : 'NOT kept'}`,
      pass: rereadMs === undefined ? undefined : rereadMs <= 10 && reread?.refsKept === true,
    },
    {
      text: "2. (engine's share) the same re-read on plain tables that report their changes",
      measured:
        engineRereadMs === undefined
          ? '-'
          : `${formatMs(engineRereadMs)} ms, refs ${engineReread?.refsKept ? 'kept' : 'NOT kept'}`,
      pass:
        engineRereadMs === undefined
          ? undefined
          : engineRereadMs <= 10 && engineReread?.refsKept === true,
    },
    {
      text: '3. write 10k into 100k (normalize + reducer) no slower than a plain spread reducer, numeric ids',
      measured: formatRatio(write),
      pass: atLeast(write, 1),
    },
    {
      text: '3. the same with string ids',
      measured: formatRatio(writeStrings),
      pass: atLeast(writeStrings, 1),
    },
    {
      text: '4. heap of a 100k-record store ≤ createEntityAdapter store',
      measured:
        bigHeap === undefined
          ? '-'
          : `${(1 / bigHeap).toFixed(3)}× the adapter` +
            (bigHeapOwn === undefined
              ? ''
              : ` (in a process of its own: ${(1 / bigHeapOwn).toFixed(3)}×)`),
      pass: atLeast(bigHeap, 1),
    },
  ]

  const normalizeDc = peerRatio('1', '@data-client')
  const normalizeNz = peerRatio('1', 'normalizr')
  const manyDc = peerRatio('1m', '@data-client')
  const manyNz = peerRatio('1m', 'normalizr')
  const repeat = peerRatio('3', '@data-client')
  const change = peerRatio('4', '@data-client')
  const heap = peerRatio('7', '@data-client')
  const dispatch = peerRatio('6r', 'RTK')
  const selectReread = peerRatio('8', 'ours, 1k')
  const twoStores = byId.get('8t')
  const regressions: Target[] = [
    {
      text: 'normalize ≥1.5× faster than @data-client/normalizr',
      measured: formatRatio(normalizeDc),
      pass: atLeast(normalizeDc, 1.5),
    },
    {
      text: 'normalize ≥1.5× faster than normalizr@3.6.2',
      measured: formatRatio(normalizeNz),
      pass: atLeast(normalizeNz, 1.5),
    },
    {
      text: 'the same in an app with 9 entity classes (1m), against each peer',
      measured: `${formatRatio(manyDc)}, ${formatRatio(manyNz)}`,
      pass: manyDc === undefined ? undefined : atLeast(Math.min(manyDc, manyNz ?? 0), 1.5),
    },
    {
      text: 'repeat read O(1): ≥100× faster than @data-client memo',
      measured: formatRatio(repeat),
      pass: atLeast(repeat, 100),
    },
    {
      text: 'read after 1 change ≥10× faster than @data-client',
      measured: formatRatio(change),
      pass: atLeast(change, 10),
    },
    {
      text: 'read after 1 change: every unaffected project/issue/user keeps its ref',
      measured:
        kept && expected
          ? `${kept.projects}/${expected.projects}, ${kept.issues}/${expected.issues}, ${kept.users}/${expected.users}`
          : '-',
      pass: kept ? allKept : undefined,
    },
    {
      text: 'heap of memoized view ≤ 1/4 of @data-client',
      measured: heap === undefined ? '-' : `1/${heap.toFixed(2)}`,
      pass: atLeast(heap, 4),
    },
    {
      text: '(redux) 1-entity dispatch into 100k ≥10× cheaper than adapter upsertOne',
      measured: formatRatio(dispatch),
      pass: atLeast(dispatch, 10),
    },
    {
      text: '(redux) select re-read after an unrelated dispatch is O(1): 100k store ≤ 2× a 1k store',
      measured: selectReread === undefined ? '-' : `${(1 / selectReread).toFixed(2)}× the 1k time`,
      pass: selectReread === undefined ? undefined : 1 / selectReread <= 2,
    },
    {
      text: '(redux) one cache, two stores read alternately (8t): refs kept, ≤ 0.01 ms a pair (no rebuild)',
      measured:
        twoStores?.ours.timing === undefined
          ? '-'
          : `${formatMs(twoStores.ours.timing.median)} ms, refs ${twoStores.refsKept ? 'kept' : 'NOT kept'}`,
      pass:
        twoStores?.ours.timing === undefined
          ? undefined
          : twoStores.refsKept === true && twoStores.ours.timing.median <= 0.01,
    },
  ]
  const print = (title: string, targets: Target[]) => {
    console.log(`\n${title}`)
    for (const t of targets) {
      const verdict = t.pass === undefined ? 'TODO' : t.pass ? 'PASS' : 'MISS'
      console.log(`  ${verdict.padEnd(4)}  ${t.text}: ${t.measured}`)
    }
  }
  print('targets of issue 18 (3 and 4 depend on the state layout, issue 14):', issue18)
  print('no regression (issues 2, 3; issue 18 item 5):', regressions)
  return [...issue18, ...regressions].every((t) => t.pass !== false)
}
