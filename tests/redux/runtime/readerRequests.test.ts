import { RENDER_GRACE_MS, ReaderRequests } from '../../../src/redux/runtime/readerRequests'
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

test('requests in flight are never dropped, however many readers wait at once', () => {
  const readers = new ReaderRequests()
  for (let i = 0; i < 1_000; i++) readers.note(`k${i}`, flightAt(i + 1))
  expect(readers.size).toBe(1_000)
  for (let i = 0; i < 1_000; i++) expect(readers.asked(`k${i}`, i + 1)).toBe(true)
})

test('notes settled longer than the grace ago are dropped as the notes grow; recent ones stay', () => {
  const realNow = Date.now.bind(Date)
  let now = realNow()
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => now)
  try {
    const readers = new ReaderRequests()
    for (let i = 0; i < 300; i++) {
      const flight = flightAt(i + 1)
      readers.note(`old${i}`, flight)
      readers.settled(`old${i}`, flight)
      // A reader committed a render after it came: only the grace's time is left of it.
      readers.shown(`old${i}`)
    }
    now += RENDER_GRACE_MS + 1
    const recent = flightAt(5_000)
    readers.note('recent', recent)
    readers.settled('recent', recent)
    for (let i = 0; i < 300; i++) readers.note(`new${i}`, flightAt(10_000 + i))
    expect(readers.asked('old0', 1)).toBe(false)
    expect(readers.asked('recent', 5_000)).toBe(true)
    expect(readers.asked('new299', 10_299)).toBe(true)
    expect(readers.size).toBe(301)
  } finally {
    clock.mockRestore()
  }
})

test('a settled note no reader has shown yet keeps its grace past the second, up to a minute', () => {
  const realNow = Date.now.bind(Date)
  let now = realNow()
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => now)
  try {
    const readers = new ReaderRequests()
    const flight = flightAt(7)
    readers.note('slow', flight)
    readers.settled('slow', flight)
    now += RENDER_GRACE_MS + 1
    for (let i = 0; i < 300; i++) readers.note(`other${i}`, flightAt(100 + i))
    expect(readers.unshown('slow', 7)).toBe(true)
    expect(readers.asked('slow', 7)).toBe(true)
    readers.shown('slow')
    expect(readers.unshown('slow', 7)).toBe(false)
    // Never shown: dropped after a minute, as the notes grow.
    const forgotten = flightAt(8)
    readers.note('never', forgotten)
    readers.settled('never', forgotten)
    now += 60_001
    for (let i = 0; i < 700; i++) readers.note(`more${i}`, flightAt(1_000 + i))
    expect(readers.asked('never', 8)).toBe(false)
  } finally {
    clock.mockRestore()
  }
})
