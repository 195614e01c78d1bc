// Audit: runs the audit's type tests against src/ and lists each failing check with the
// `// DEFECT:` comment that marks it (the nearest one at most 8 lines above the error). An error
// without a marker, or a marker without an error, is printed as such: the audit is out of date.
// Usage: node tests/audit/defects.cjs
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.join(__dirname, '..', '..')
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] })
const projects = ['tests/audit/tsconfig.json', 'tests/audit/exact/tsconfig.json']
const used = new Set()
let unmarked = 0
for (const project of projects) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
  })
  for (const line of run.stdout.split('\n')) {
    const match = /^(tests\/audit\/[^(]+)\((\d+),\d+\): error (TS\d+)/.exec(line)
    if (!match) continue
    const [, file, lineNo, code] = match
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n')
    let marker
    for (let i = Number(lineNo) - 1; i >= Math.max(0, Number(lineNo) - 9); i--) {
      if (/^\s*\/\/ DEFECT:/.test(lines[i])) {
        marker = `${file}:${i + 1}`
        break
      }
    }
    if (marker) used.add(marker)
    else unmarked += 1
    console.log(`${marker ? 'DEFECT ' : 'UNMARKED'} ${file}:${lineNo} ${code}`)
  }
}
for (const file of fs.readdirSync(__dirname, { recursive: true })) {
  if (!/\.test-d\.tsx?$/.test(file)) continue
  const rel = path.join('tests/audit', file)
  fs.readFileSync(path.join(root, rel), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (/^\s*\/\/ DEFECT:/.test(text) && !used.has(`${rel}:${i + 1}`)) {
        console.log(`STALE   ${rel}:${i + 1} (no error under it)`)
      }
    })
}
console.log(`${used.size} DEFECT markers hit, ${unmarked} unmarked errors`)
