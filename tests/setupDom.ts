/**
 * The DOM projects' setup: `findBy*` and `waitFor` wait up to ten seconds (instead of one)
 * before failing. A guard against a busy machine, not a timing assertion: a test that passes
 * returns as soon as what it waits for shows, and no test waits for a timeout to pass.
 */
import { configure } from '@testing-library/react'

configure({ asyncUtilTimeout: 10_000 })
