import { defineConfig } from 'tsup'

// ESM + CJS builds with types for the two entry points; peers stay external.
export default defineConfig({
  entry: { index: 'src/index.ts', 'react/index': 'src/react/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  external: ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit', 'reselect', 'path-to-regexp'],
  outExtension: ({ format }) => ({ js: format === 'esm' ? '.mjs' : '.js' }),
})
