import { READER_REQUESTS_KEPT, ReaderRequests } from '../../../src/redux/runtime/storeRuntime'
import type { Flight } from '../../../src/redux/runtime/inFlight'

const flightAt = (fetchedAt: number) => ({ fetchedAt }) as Flight

test('a noted request is asked by its start, read when asked (a render learns it later)', () => {
  const readers = new ReaderRequests()
  const flight = flightAt(0)
  readers.note('a', flight)
  flight.fetchedAt = 7
  expect(readers.asked('a', 7)).toBe(true)
  expect(readers.asked('a', 6)).toBe(false)
  expect(readers.asked('b', 7)).toBe(false)
})

test('once settled only the start is kept; a later note of the key replaces it', () => {
  const readers = new ReaderRequests()
  const first = flightAt(3)
  readers.note('a', first)
  readers.settled('a', first)
  first.fetchedAt = 99 // the flight is no longer read
  expect(readers.asked('a', 3)).toBe(true)
  const other = flightAt(5)
  readers.settled('a', other) // not the noted one: nothing changes
  expect(readers.asked('a', 3)).toBe(true)
  readers.note('a', other)
  expect(readers.asked('a', 3)).toBe(false)
  expect(readers.asked('a', 5)).toBe(true)
})

test(`at most ${READER_REQUESTS_KEPT} keys are kept, the least recently noted forgotten first`, () => {
  const readers = new ReaderRequests()
  for (let i = 0; i <= READER_REQUESTS_KEPT; i++) readers.note(`k${i}`, flightAt(i + 1))
  expect(readers.asked('k0', 1)).toBe(false)
  expect(readers.asked('k1', 2)).toBe(true)
  // Noting k1 again makes it the newest: k2 goes next.
  readers.note('k1', flightAt(2))
  readers.note('extra', flightAt(1_000))
  expect(readers.asked('k1', 2)).toBe(true)
  expect(readers.asked('k2', 3)).toBe(false)
})
