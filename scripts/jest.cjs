// Runs Jest; when JEST_JSON names a file (CI does), also writes Jest's JSON report there.
// The hook tests also run on React 18, installed in tests/react18 (its own package and
// lockfile); it is installed here the first time (npm registry only, about a second).
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const react18 = path.join(__dirname, '..', 'tests', 'react18')
if (!fs.existsSync(path.join(react18, 'node_modules', 'react-dom', 'package.json'))) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const install = spawnSync(npm, ['install', '--no-audit', '--no-fund'], {
    cwd: react18,
    stdio: 'inherit',
  })
  if (install.status !== 0) process.exit(install.status ?? 1)
}
const args = [require.resolve('jest/bin/jest'), ...process.argv.slice(2)]
if (process.env.JEST_JSON) args.push('--json', `--outputFile=${process.env.JEST_JSON}`)
const result = spawnSync(process.execPath, args, { stdio: 'inherit' })
process.exit(result.status ?? 1)
