import { RestEndpoint, shortenPath } from 'rtk-resources'

describe('shortenPath', () => {
  it.each([
    ['/users/:userId/posts/:id', '/users/:userId/posts'],
    ['/:id', '/'],
    ['/todos/:id', '/todos'],
    ['/todos{/:id}', '/todos'],
    ['/todos/:id?', '/todos'],
    ['/todos/:id.json', '/todos'],
    ['/todos', '/todos'],
    ['https://api.example.com/todos/:id', 'https://api.example.com/todos'],
    ['http://localhost:3000/:id', 'http://localhost:3000/'],
    // data-client's escaped form: the escaped colon is text, not a param.
    ['http\\://test.com/users', 'http\\://test.com/users'],
    ['http\\://test.com/users/:id', 'http\\://test.com/users'],
    ['http\\://test.com/:id', 'http\\://test.com/'],
    ['/times/10\\:30/:id', '/times/10\\:30'],
    ['/things/:id\\:cancel', '/things'],
    // Two backslashes escape each other: the colon after them starts a param.
    ['/files\\\\:id', '/files\\\\'],
    ['/a\\\\\\:b/:id', '/a\\\\\\:b'],
  ])('%s → %s', (path, short) => {
    expect(shortenPath(path)).toBe(short)
  })
})

describe('url', () => {
  const get = new RestEndpoint({
    urlPrefix: 'https://api.example.com',
    path: '/users/:userId/posts/:id',
  })

  it('fills the path and puts the other params in a query string sorted by key', () => {
    expect(get.url({ userId: 1, id: 2 })).toBe('https://api.example.com/users/1/posts/2')
    expect(get.url({ userId: 1, id: 2, z: 'last', a: 'first', m: 0 })).toBe(
      'https://api.example.com/users/1/posts/2?a=first&m=0&z=last',
    )
  })

  it('URL-encodes path and query values', () => {
    expect(get.url({ userId: 'a b/c', id: 'é?#', q: 'x&y=z' })).toBe(
      'https://api.example.com/users/a%20b%2Fc/posts/%C3%A9%3F%23?q=x%26y%3Dz',
    )
  })

  it('leaves undefined params out; arrays repeat their key; false and 0 are kept', () => {
    expect(get.url({ userId: 1, id: 2, skip: undefined, tag: ['b', 'a'], done: false })).toBe(
      'https://api.example.com/users/1/posts/2?done=false&tag=b&tag=a',
    )
  })

  it('refuses an object with no text of its own, or a function, as a path param', () => {
    const user = { id: 1, name: 'Ann' }
    expect(() => get.url({ userId: user, id: 2 })).toThrow(
      expect.objectContaining({ name: 'PathParamError', problem: 'not-text', param: 'userId' }),
    )
    expect(() => get.url({ userId: 1, id: () => 2 })).toThrow(/`\{ id: user.id \}`/)
    // Text of their own: an array (as data-client sends it), a Date, an id class.
    class Slug {
      toString() {
        return 'my-post'
      }
    }
    expect(get.url({ userId: [1, 2], id: new Slug() })).toBe(
      'https://api.example.com/users/1%2C2/posts/my-post',
    )
  })

  it('names the param whose value cannot be URL-encoded (a lone surrogate), not the first one', () => {
    expect(() => get.url({ userId: 7, id: 'a\uD800b' })).toThrow(
      expect.objectContaining({ problem: 'unencodable', param: 'id', value: 'a\uD800b' }),
    )
    expect(() => get.url({ userId: 7, id: 'x\uDC00' })).toThrow(
      expect.objectContaining({ problem: 'unencodable', param: 'id' }),
    )
  })

  it('rejects a call without a required path param, naming the path', () => {
    expect(() => get.url({ userId: 1 })).toThrow(/\/users\/:userId\/posts\/:id.*id/)
  })

  it('optional params: {/:id} and :id? (translated for path-to-regexp 8)', () => {
    for (const path of ['/todos{/:id}', '/todos/:id?']) {
      const endpoint = new RestEndpoint({ path })
      expect(endpoint.url({})).toBe('/todos')
      expect(endpoint.url({ id: 5 })).toBe('/todos/5')
      expect(endpoint.url({ id: 5, page: 2 })).toBe('/todos/5?page=2')
    }
  })

  it('an optional param given as undefined is left out of the URL and the key, as an absent one', () => {
    const braces = new RestEndpoint({ path: '/todos{/:id}' })
    const mark = new RestEndpoint({ path: '/todos/:id?' })
    for (const endpoint of [braces, mark]) {
      expect(endpoint.url({ id: undefined })).toBe('/todos')
      expect(endpoint.key({ id: undefined })).toBe(endpoint.key({}))
    }
    const nested = new RestEndpoint({ path: '/groups{/:group}/todos/:id' })
    expect(nested.url({ id: 5, group: undefined })).toBe(nested.url({ id: 5 }))
    expect(nested.key({ id: 5, group: undefined })).toBe(nested.key({ id: 5 }))
    // `[]`: a list of items kept as they are, which pages can grow.
    const list = new RestEndpoint({ path: '/groups{/:group}/todos', schema: [] })
    expect(list.url({ group: undefined })).toBe('/groups/todos')
    // The cursor of paginated('cursor') too: the first page has none.
    const pages = list.paginated('cursor')
    expect(pages.url({ group: 'a', cursor: undefined })).toBe('/groups/a/todos')
    expect(pages.key({ group: 'a', cursor: undefined })).toBe(list.key({ group: 'a' }))
  })

  it('accepts an absolute path template (the origin is not parsed as params)', () => {
    const endpoint = new RestEndpoint({ path: 'http://localhost:3000/todos/:id' })
    expect(endpoint.url({ id: 1 })).toBe('http://localhost:3000/todos/1')
  })

  it('prepends a full or protocol-relative urlPrefix', () => {
    expect(
      new RestEndpoint({ urlPrefix: '//cdn.example.com', path: '/a/:id' }).url({ id: 1 }),
    ).toBe('//cdn.example.com/a/1')
    expect(new RestEndpoint({ path: '/a/:id' }).url({ id: 1 })).toBe('/a/1')
  })
})

describe('key', () => {
  it('is the method and the URL; the body is not part of it', () => {
    const update = new RestEndpoint({ path: '/todos/:id', method: 'PUT' })
    expect(update.key({ id: 1 }, { title: 'a' })).toBe('PUT /todos/1')
    expect(update.key({ id: 1 }, { title: 'b' })).toBe('PUT /todos/1')
    const list = new RestEndpoint({ path: '/todos' })
    expect(list.key()).toBe('GET /todos')
    expect(list.key({})).toBe('GET /todos')
    expect(list.key({ b: 2, a: 1 })).toBe(list.key({ a: 1, b: 2 }))
  })
})
