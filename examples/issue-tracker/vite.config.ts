/**
 * Builds the page into ./dist. 'rtk-resources' and 'rtk-resources/react' are the repository's
 * own src/ (no publish step); JSX goes through esbuild's automatic runtime.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const src = (file: string) => fileURLToPath(new URL(`../../src/${file}`, import.meta.url))

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: [
      { find: /^rtk-resources\/react$/, replacement: src('react/index.ts') },
      { find: /^rtk-resources$/, replacement: src('index.ts') },
    ],
  },
  esbuild: { jsx: 'automatic' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // `npm run example:dev`: the page with hot reload, the API from `npm start`'s server.
  server: { proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` } },
})
