import { Entity, createResource } from 'rtk-resources'

class Note extends Entity {
  id = 0
  pk() {
    return this.id
  }
  static key = 'Note'
}

let warn: jest.SpyInstance
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => warn.mockRestore())

test('a misspelled createResource option warns, naming the option meant', () => {
  createResource({
    path: '/notes/:id',
    schema: Note,
    urlprefix: 'https://api.example.com',
    dataExpiryLenght: 1000,
    endpoint: class {},
    getHeader: () => ({}),
  } as never)
  const texts = warn.mock.calls.map(([text]) => String(text))
  expect(texts).toHaveLength(4)
  expect(texts[0]).toContain('"urlprefix"; did you mean "urlPrefix"?')
  expect(texts[1]).toContain('"dataExpiryLenght"; did you mean "dataExpiryLength"?')
  expect(texts[2]).toContain('"endpoint"; did you mean "Endpoint"?')
  expect(texts[3]).toContain('"getHeader"; did you mean "getHeaders"?')
})

test('known options and unrelated extra members do not warn', () => {
  createResource({
    path: '/notes/:id',
    schema: Note,
    urlPrefix: 'https://api.example.com',
    dataExpiryLength: 1000,
    optimistic: true,
    requestInit: { credentials: 'include' },
    apiVersion: 2, // an extra member, kept on every endpoint
    // Members of their own that extend a known name or are short words, not typos.
    keys: ['a', 'b'],
    paths: ['/a'],
    updater: 'sync',
    uri: 'urn:notes',
  })
  expect(warn).not.toHaveBeenCalled()
})

test('a long option misspelled is still named, even when it starts with a shorter known one', () => {
  createResource({
    path: '/notes/:id',
    schema: Note,
    urlPrefx: 'https://api.example.com',
    fetchResponce: () => undefined,
  } as never)
  const texts = warn.mock.calls.map(([text]) => String(text))
  expect(texts).toEqual([
    expect.stringContaining('"urlPrefx"; did you mean "urlPrefix"?'),
    expect.stringContaining('"fetchResponce"; did you mean "fetchResponse"?'),
  ])
})
