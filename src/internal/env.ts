/** True unless the bundler or runtime says `NODE_ENV=production`. Dev-only checks sit behind it. */
export const isDev: boolean =
  typeof process === 'undefined' || !process.env || process.env.NODE_ENV !== 'production'
