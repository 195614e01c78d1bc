/**
 * Imported first by run.ts: every library (ours, data-client, RTK/immer) reads NODE_ENV, some at
 * load time, so benchmark them all as they ship to production, without dev-only checks.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production'

export const nodeEnv = process.env.NODE_ENV
