// `npm start`: builds the example page (examples/issue-tracker), then serves page + API on one
// port (PORT, default 3000) and prints the URL.
const { buildPage, startServer } = require('./example.cjs')

buildPage()
const server = startServer()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal))
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
