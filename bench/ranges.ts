/**
 * `npm run bench:ranges`: the range of every ratio over saved `npm run bench` outputs (by
 * default `bench/runs/*.txt`, one file per full run, named `<date><letter>-<commit>.txt`), the
 * figures the README's performance table and docs/concepts/performance.md quote. Save a run with
 * `npm run bench > bench/runs/<date><letter>-<commit>.txt`.
 */
import fs from 'node:fs'
import path from 'node:path'

/** One case against one peer, over the runs read. */
interface Row {
  ratios: number[]
  ours: string[]
  theirs: string[]
}

/** Reads the result tables of one bench output into `rows` (keyed `id | peer`). */
function readRun(text: string, rows: Map<string, Row>): void {
  let id = ''
  // A case's second peer is on a line of its own, its first two cells empty.
  let ours = ''
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    if (cells.length < 5) continue
    const head = /^(\S+)\.\s/.exec(cells[0] as string)
    if (head) {
      id = head[1] as string
      ours = cells[1] as string
    } else if (cells[0] !== '') continue
    const ratio = Number.parseFloat(cells[4] as string)
    if (!Number.isFinite(ratio)) continue
    const key = `${id} | ${cells[2]}`
    const row = rows.get(key) ?? { ratios: [], ours: [], theirs: [] }
    rows.set(key, row)
    row.ratios.push(ratio)
    row.ours.push(ours)
    row.theirs.push(cells[3] as string)
  }
}

function main(): void {
  const given = process.argv.slice(2)
  const dir = path.join(__dirname, 'runs')
  const files =
    given.length > 0
      ? given
      : fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.txt'))
          .sort()
          .map((name) => path.join(dir, name))
  const rows = new Map<string, Row>()
  for (const file of files) readRun(fs.readFileSync(file, 'utf8'), rows)
  console.log(`${files.length} runs: ${files.map((file) => path.basename(file)).join(', ')}`)
  console.log('ratio above 1: ours is faster (or smaller); each run in file order\n')
  for (const [key, row] of rows) {
    const sorted = [...row.ratios].sort((a, b) => a - b)
    const range = `${sorted[0]}–${sorted[sorted.length - 1]}×`
    console.log(`${key.padEnd(58)} ${range.padEnd(16)} [${row.ratios.join(', ')}]`)
    console.log(`${''.padEnd(58)} ours ${row.ours.join(', ')}`)
    console.log(`${''.padEnd(58)} peer ${row.theirs.join(', ')}`)
  }
}

main()
