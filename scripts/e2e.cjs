// `npm run test:e2e`: builds the example page unless dist/ is newer than its sources, then runs
// the browser test (tests/e2e/issueTracker.e2e.ts), which starts and stops the server itself.
const { spawnSync } = require('node:child_process')
const path = require('node:path')
const { root, buildIsFresh, buildPage } = require('./example.cjs')

if (buildIsFresh()) console.log('e2e: reusing the example build (dist/ is newer than its sources)')
else buildPage()

const test = path.join(root, 'tests/e2e/issueTracker.e2e.ts')
const result = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', test], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
