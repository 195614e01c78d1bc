// Renders with a built pair of entry points the way their users do: a cache and a store made by
// the main entry ("rtk-resources"), a component that suspends in useSuspense from the react entry
// ("rtk-resources/react"), rendered to the end by react-dom/server. The two entries must share one
// copy of every module: a CommonJS react entry that carried its own src/redux/Controller.ts (tsup
// without `splitting` for cjs) threw "controller[fetchFromRender] is not a function" here, and its
// SetupError was another class than the main entry's.
const assert = require('node:assert')
const { PassThrough } = require('node:stream')

/**
 * Renders `element` with `renderToPipeableStream` and resolves with the whole HTML once every
 * Suspense boundary has its data; rejects on the first render error, or after 10 seconds.
 */
function renderAll(renderToPipeableStream, element) {
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (error, html) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (error) reject(error)
      else resolve(html)
    }
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        let html = ''
        const sink = new PassThrough()
        sink.on('data', (chunk) => (html += chunk))
        sink.on('end', () => settle(undefined, html))
        stream.pipe(sink)
      },
      onShellError: (error) => settle(error),
      onError: (error) => settle(error),
    })
    const timer = setTimeout(() => {
      settle(new Error('the server render did not finish in 10 seconds'))
      stream.abort()
    }, 10_000)
  })
}

/**
 * Checks one format's pair of entries. `load` loads a peer in the same format as the entries
 * (`require`, or `import` for the ES modules: react-redux's ESM and CJS builds have two contexts).
 */
async function checkRender(label, lib, hooks, load) {
  const React = await load('react')
  const { renderToPipeableStream, renderToString } = await load('react-dom/server')
  const { Provider } = await load('react-redux')
  const { configureStore } = await load('@reduxjs/toolkit')
  const h = React.createElement

  class User extends lib.Entity {
    id = 0
    name = ''
    pk() {
      return this.id
    }
    static key = 'User'
  }
  let calls = 0
  const getUser = new lib.Endpoint(
    async ({ id }) => {
      calls += 1
      await new Promise((resolve) => setTimeout(resolve, 1))
      return { id, name: `User ${id}` }
    },
    { schema: User, name: 'getUser' },
  )
  const cache = lib.createEntityCache({ reducerPath: 'data' })
  const store = configureStore({
    reducer: { data: cache.reducer },
    middleware: (getDefault) => getDefault().concat(cache.middleware),
  })

  function Name() {
    const user = hooks.useSuspense(getUser, { id: 1 })
    assert.ok(user instanceof User, `${label}: useSuspense did not return the User entity`)
    return h('p', null, user.name)
  }
  const page = h(
    Provider,
    { store },
    h(
      hooks.EntityCacheProvider,
      { cache },
      h(React.Suspense, { fallback: h('p', null, 'loading') }, h(Name)),
    ),
  )
  const html = await renderAll(renderToPipeableStream, page).catch((error) => {
    throw new Error(`${label}: useSuspense failed on the server: ${error.message}`, {
      cause: error,
    })
  })
  assert.match(html, /<p>User 1<\/p>/, `${label}: the server render lacks the fetched user`)
  assert.equal(calls, 1, `${label}: useSuspense fetched ${calls} times`)

  // The react entry's setup error is the class the main entry exports.
  let caught
  function Bare() {
    try {
      hooks.useController()
    } catch (error) {
      caught = error
    }
    return null
  }
  renderToString(h(Provider, { store }, h(Bare)))
  assert.ok(caught, `${label}: useController without a provider did not throw`)
  assert.ok(
    caught instanceof lib.SetupError,
    `${label}: the react entry threw a SetupError that is not the main entry's class`,
  )
  console.log(`build: ${label} useSuspense renders on the server with a cache of the main entry`)
}

module.exports = { checkRender }
