/**
 * What the browser test needs around it: the example server on a free port, Debian's chromium
 * through playwright-core, a tiny step runner, and cleanup that always runs.
 */
import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { chromium } from 'playwright-core'

export const root = path.resolve(__dirname, '../..')
export const resultsDir = path.join(root, 'test-results')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Starts examples/issue-tracker/server on a free port; resolves once it printed its URL. */
export function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const main = path.join(root, 'examples/issue-tracker/server/main.ts')
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', main], {
    cwd: root,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => fail(new Error('the server printed no URL within 30 s')), 30_000)
    const fail = (error: Error) => {
      clearTimeout(timer)
      child.kill()
      reject(new Error(`${error.message}\n${output}`))
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const url = /https?:\/\/localhost:\d+\//.exec(output)?.[0]
      if (url) {
        clearTimeout(timer)
        resolve({ url, child })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => fail(new Error(`the server exited early (code ${code})`)))
  })
}

/** Stops the server and waits until it is gone (SIGKILL after 5 s). */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

/** Debian's chromium, headless, with a fresh profile (never a downloaded browser). */
export async function launchBrowser(): Promise<{ context: BrowserContext; profile: string }> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium). ` +
        'Never `npx playwright install`.',
    )
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'issue-tracker-e2e-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return { context, profile }
}

/** Polls `check` until it returns without throwing (or rethrows its last error). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

export function assertEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
  }
}

/** Runs steps in order, stopping at the first failure; reports and screenshots it. */
export class Steps {
  passed = 0
  failed = 0
  private readonly started = Date.now()

  constructor(private readonly page: () => Page | undefined) {}

  async run(name: string, body: () => Promise<void>): Promise<void> {
    if (this.failed) return
    const start = Date.now()
    try {
      await body()
      this.passed += 1
      console.log(`  ✓ ${name} (${Date.now() - start} ms)`)
    } catch (error) {
      this.failed += 1
      console.log(
        `  ✗ ${name}\n    ${String((error as Error).stack ?? error).replace(/\n/g, '\n    ')}`,
      )
      const page = this.page()
      const shot = path.join(resultsDir, 'issue-tracker-failure.png')
      await page?.screenshot({ path: shot, fullPage: true }).catch(() => undefined)
      if (page) console.log(`    screenshot of the failure: ${path.relative(root, shot)}`)
    }
  }

  /** Prints the summary and writes test-results/e2e.json (read by .ci/run). */
  report(): void {
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1)
    console.log(`\ne2e: ${this.passed} passed, ${this.failed} failed (${seconds} s)`)
    fs.writeFileSync(
      path.join(resultsDir, 'e2e.json'),
      JSON.stringify({ passed: this.passed, failed: this.failed }),
    )
  }
}
