import { defineConfig } from 'tsup'

// ESM + CJS builds with types for the two entry points; peers stay external.
export default defineConfig({
  entry: { index: 'src/index.ts', 'react/index': 'src/react/index.ts' },
  format: ['esm', 'cjs'],
  // Code both entries use goes to shared chunk files in both formats. tsup splits only ESM by
  // default: the CJS react entry then carried its own copy of the Controller (its fetchFromRender
  // symbol) and of the error classes, which a cache made by require('rtk-resources') did not share.
  // scripts/checkBuild.cjs checks that no module is bundled twice.
  splitting: true,
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  external: ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit', 'reselect', 'path-to-regexp'],
  outExtension: ({ format }) => ({ js: format === 'esm' ? '.mjs' : '.js' }),
})
