/**
 * Starts the example: `PORT` (default 3000; 0 picks a free port) and `API_DELAY_MS` (default 0)
 * from the environment. Prints the URL once listening.
 */
import path from 'node:path'
import { createApp } from './app'

const port = Number(process.env.PORT ?? 3000)
const delayMs = Number(process.env.API_DELAY_MS ?? 0)
const server = createApp({ distDir: path.resolve(__dirname, '../dist'), delayMs })

server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    console.error(`Port ${port} is busy. Start on another one: PORT=3001 npm start`)
  } else {
    console.error(error)
  }
  process.exit(1)
})

server.listen(port, () => {
  const address = server.address()
  const actual = typeof address === 'object' && address ? address.port : port
  console.log(`Issue tracker example: http://localhost:${actual}/`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    server.closeAllConnections()
    process.exit(0)
  })
}
