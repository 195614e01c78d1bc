// Runs Jest; when JEST_JSON names a file (CI does), also writes Jest's JSON report there.
const { spawnSync } = require('node:child_process')
const args = [require.resolve('jest/bin/jest'), ...process.argv.slice(2)]
if (process.env.JEST_JSON) args.push('--json', `--outputFile=${process.env.JEST_JSON}`)
const result = spawnSync(process.execPath, args, { stdio: 'inherit' })
process.exit(result.status ?? 1)
