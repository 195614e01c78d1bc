/**
 * Measuring a case again in a child process where nothing ran before. In the full run, each
 * case comes after others that put the same code through other work first, which changes what
 * V8 has learned (and, for a heap, how it lays objects out); both figures are printed, and a
 * target is judged on the one from the full run.
 */
import { execFileSync } from 'node:child_process'
import { CHILD_RESULTS } from './results'
import type { CaseResult } from './results'

/** Runs `runScript` with `BENCH_ONLY=group` in a child process and returns what it measured. */
export function casesInChildProcess(runScript: string, group: string): CaseResult[] {
  const output = execFileSync(process.execPath, [...process.execArgv, runScript], {
    env: { ...process.env, BENCH_ONLY: group, BENCH_CHILD: '1' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  })
  const line = output.split('\n').find((text) => text.startsWith(CHILD_RESULTS))
  if (line === undefined)
    throw new Error(`bench: the child process for ${group} printed no results`)
  return JSON.parse(line.slice(CHILD_RESULTS.length)) as CaseResult[]
}

/**
 * Runs `runScript` with `BENCH_ONLY=group` in a child process and returns its case `id` as
 * `${id}-own`, titled "the same, in a process of its own".
 */
export function caseInOwnProcess(runScript: string, group: string, id: string): CaseResult[] {
  const own = casesInChildProcess(runScript, group).find((result) => result.id === id)
  if (own === undefined) throw new Error(`bench: the child process measured no case ${id}`)
  return [{ ...own, id: `${id}-own`, title: 'the same, in a process of its own' }]
}
