// Shared by `npm start` and `npm run test:e2e`: building the example page and starting its server.
const { spawn, spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..')
const example = path.join(root, 'examples/issue-tracker')
const distIndex = path.join(example, 'dist/index.html')

/** Newest modification time (ms) of the files under `dir` (node_modules and dist skipped). */
function newest(dir) {
  let latest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const file = path.join(dir, entry.name)
    const time = entry.isDirectory() ? newest(file) : fs.statSync(file).mtimeMs
    if (time > latest) latest = time
  }
  return latest
}

/** True when dist/ is newer than the page's sources and the library's src/. */
function buildIsFresh() {
  if (!fs.existsSync(distIndex)) return false
  const built = fs.statSync(distIndex).mtimeMs
  const sources = Math.max(newest(path.join(example, 'src')), newest(path.join(root, 'src')))
  const config = ['index.html', 'vite.config.ts'].map(
    (f) => fs.statSync(path.join(example, f)).mtimeMs,
  )
  return built > Math.max(sources, ...config)
}

/** Builds the page with Vite 7 into examples/issue-tracker/dist; exits on failure. */
function buildPage() {
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js')
  const config = path.join(example, 'vite.config.ts')
  const result = spawnSync(process.execPath, [vite, 'build', '--config', config], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) {
    console.error('Building the example page failed.')
    process.exit(result.status ?? 1)
  }
}

/** Starts the API + page server (TypeScript through ts-node, transpile-only). */
function startServer(env = {}, stdio = 'inherit') {
  const main = path.join(example, 'server/main.ts')
  return spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', main], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio,
  })
}

module.exports = { root, example, buildIsFresh, buildPage, startServer }
