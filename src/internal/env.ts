/**
 * True unless `NODE_ENV` is `production`. Bundlers replace `process.env.NODE_ENV` in the
 * expression below with a literal; where nothing replaced it and there is no `process` (a plain
 * browser script), reading it throws and we count it as development.
 */
export const isDev: boolean = (() => {
  try {
    return process.env.NODE_ENV !== 'production'
  } catch {
    return true
  }
})()
