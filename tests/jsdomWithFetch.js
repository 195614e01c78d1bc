// jsdom has no fetch: give the test environment Node's own fetch and the web globals it uses,
// so msw (which intercepts Node's fetch) and the library behave as in a browser.
const { TestEnvironment } = require('jest-environment-jsdom')

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'URL',
  'URLSearchParams',
  'WebSocket',
]

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name]
    }
  }
}

module.exports = JsdomWithFetch
