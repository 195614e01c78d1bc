/**
 * Development warnings for a `createResource` path that cannot do what a resource needs: a path
 * with no param (every member would address the list's URL), a path and `urlPrefix` that
 * join into a malformed URL, and a relative path without a `urlPrefix`. Requests are made as given either way; the warning says why they
 * go where they go.
 */
import { isDev } from '../internal/env'

/** Warns (in development) about the shape of a resource's `path` and `urlPrefix`. */
export function warnPathShape(path: unknown, urlPrefix: unknown): void {
  if (!isDev || typeof path !== 'string') return
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(path)
  if (!/[:*][A-Za-z_]/.test(path)) {
    console.warn(
      `rtk-resources: createResource got the path "${path}", which has no param: get, update, ` +
        'partialUpdate and delete then address the list URL, with their params in the query ' +
        `string ("${path}?id=1"). Give the path of one record, such as "${path.replace(/\/$/, '')}/:id".`,
    )
  }
  if (absolute) return
  if (typeof urlPrefix !== 'string' || urlPrefix === '') {
    if (!path.startsWith('/')) {
      console.warn(
        `rtk-resources: createResource got the path "${path}", which does not start with "/" ` +
          "and has no urlPrefix: its URLs are relative, resolved against the page's URL (on " +
          `a page at /settings/, "${path}" is under /settings/). Start the path with "/" ` +
          `("/${path}"), or give urlPrefix.`,
      )
    }
    return
  }
  if (!path.startsWith('/')) {
    // "https://api.test/" + "posts/:id" joins as well as "https://api.test" + "/posts/:id".
    if (urlPrefix.endsWith('/')) return
    console.warn(
      `rtk-resources: createResource got the path "${path}", which does not start with "/": ` +
        `joined to urlPrefix "${urlPrefix}" it gives "${urlPrefix}${path}". Start the path ` +
        `with "/" ("/${path}").`,
    )
  } else if (urlPrefix.endsWith('/')) {
    console.warn(
      `rtk-resources: createResource got urlPrefix "${urlPrefix}", which ends with "/", and the ` +
        `path "${path}", which starts with one: URLs get "//". Drop the urlPrefix's last "/".`,
    )
  }
}
