/**
 * The example app in a real browser (`npm run test:e2e`): create, read, edit and delete an issue,
 * checking from the server's request log that edits and deletes reach the list without a refetch;
 * infinite scroll, Link-header pages, and the GraphQL view. Screenshot: test-results/.
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { devtoolsReplay, devtoolsState, devtoolsTypes, installDevtoolsStandIn } from './devtools'
import {
  assert,
  assertEqual,
  eventually,
  launchBrowser,
  resultsDir,
  root,
  startServer,
  Steps,
  stopServer,
} from './harness'

let server: { url: string; child: ChildProcess } | undefined
let browser: { context: BrowserContext; profile: string } | undefined
let page: Page | undefined
const pageErrors: string[] = []

/** The server's log of API requests. */
async function requests(): Promise<string[]> {
  const response = await fetch(new URL('/api/_log', server?.url))
  return ((await response.json()) as { requests: string[] }).requests
}

/** GET /api/issues requests (first pages and further pages; any label). */
async function listRequests(): Promise<string[]> {
  return (await requests()).filter((line) => /^GET \/api\/issues(\?|$)/.test(line))
}

const rows = () => page!.locator('[data-testid="issue-list"] > li')
/** Client-side navigation (the cache is kept, unlike a reload). */
const go = (hash: string) => page!.evaluate((to) => (window.location.hash = to), hash)
const text = async (selector: string) => (await page!.locator(selector).innerText()).trim()

async function main(steps: Steps): Promise<void> {
  const title = `E2E issue ${Date.now()}`
  const edited = `${title} (edited)`
  let id = 0
  let listBefore: string[] = []

  await steps.run('the list shows page 1 (20 issues)', async () => {
    await page!.goto(server!.url)
    await eventually(async () => assertEqual(await rows().count(), 20, 'rows'))
    assertEqual(await text('[data-testid="count-loaded"]'), '20', 'sidebar count of loaded issues')
  })

  await steps.run('a server validation error (422) is shown in the form', async () => {
    await page!.getByRole('button', { name: 'New issue' }).click()
    await page!.locator('input[name="title"]').fill('x')
    await page!.getByRole('button', { name: 'Create issue' }).click()
    const alert = page!.locator('.modal [role="alert"]')
    await alert.waitFor()
    assert((await alert.innerText()).includes('3 to 120 characters'), 'the server message shows')
  })

  await steps.run('create: the issue tops the list, the author counter goes up', async () => {
    listBefore = await listRequests()
    const openBefore = Number(await text('[data-testid="open-ada"]'))
    await page!.locator('input[name="title"]').fill(title)
    await page!.locator('textarea[name="body"]').fill('Written by the end-to-end test.')
    await page!.locator('.modal label.choice', { hasText: 'bug' }).locator('input').check()
    await page!.getByRole('button', { name: 'Create issue' }).click()
    await page!.locator('.modal').waitFor({ state: 'detached' })
    const first = rows().first()
    await eventually(async () => assert((await first.innerText()).includes(title), 'first row'))
    id = Number((await first.getAttribute('data-testid'))?.replace('issue-', ''))
    assert(id > 60, `a new id (got ${id})`)
    await eventually(async () =>
      assertEqual(Number(await text('[data-testid="open-ada"]')), openBefore + 1, 'open-ada'),
    )
    assertEqual((await listRequests()).length, listBefore.length, 'list requests after create')
  })

  await steps.run(
    'its detail opens without a fetch (the create response was complete)',
    async () => {
      await rows().first().locator('a.issue-title').click()
      await page!.locator('[data-testid="issue-body"]').waitFor()
      assertEqual(
        await text('[data-testid="issue-body"]'),
        'Written by the end-to-end test.',
        'body',
      )
      assert(!(await requests()).includes(`GET /api/issues/${id}`), 'no GET of the one issue')
    },
  )

  await steps.run('edit in the detail view', async () => {
    await page!.getByRole('button', { name: 'Edit' }).click()
    await page!.locator('input[name="title"]').fill(edited)
    await page!.locator('label.choice', { hasText: 'docs' }).locator('input').check()
    await page!.getByRole('button', { name: 'Save' }).click()
    await eventually(async () => assert((await text('.detail-head h1')).includes(edited), 'h1'))
    assert((await requests()).includes(`PUT /api/issues/${id}`), 'a PUT')
  })

  await steps.run('back in the list the row changed, with no list refetch', async () => {
    await page!.locator('a.back').click()
    const row = page!.locator(`[data-testid="issue-${id}"]`)
    await eventually(async () => assert((await row.innerText()).includes(edited), 'row title'))
    assert((await row.innerText()).includes('docs'), 'the new label shows in the row')
    assertEqual((await listRequests()).join('\n'), listBefore.join('\n'), 'list requests')
  })

  await steps.run('delete: gone from every list and the counts, with no refetch', async () => {
    // A second list (label "bug", fetched now) holds the issue too.
    await page!.locator('.side-item', { hasText: 'bug' }).click()
    await page!.locator(`[data-testid="issue-${id}"]`).waitFor()
    await page!.getByRole('button', { name: 'Clear filter' }).click()
    const loaded = Number(await text('[data-testid="count-loaded"]'))
    const before = await listRequests()
    await page!.locator(`[data-testid="issue-${id}"] a.issue-title`).click()
    await page!.getByRole('button', { name: 'Delete' }).click()
    await page!.getByRole('button', { name: 'Yes, delete' }).click()
    await page!.locator('.notice', { hasText: `Deleted #${id}` }).waitFor()
    assertEqual(await page!.locator(`[data-testid="issue-${id}"]`).count(), 0, 'row in All')
    assertEqual(Number(await text('[data-testid="count-loaded"]')), loaded - 1, 'loaded count')
    await page!.locator('.side-item', { hasText: 'bug' }).click()
    await eventually(async () => assert((await rows().count()) > 0, 'bug list shows'))
    assertEqual(await page!.locator(`[data-testid="issue-${id}"]`).count(), 0, 'row in bug')
    await page!.getByRole('button', { name: 'Clear filter' }).click()
    assertEqual((await listRequests()).join('\n'), before.join('\n'), 'list requests')
    assert((await requests()).includes(`DELETE /api/issues/${id}`), 'a DELETE')
  })

  await steps.run('infinite scroll loads page 2; "Load more" loads page 3', async () => {
    await rows().first().waitFor()
    await page!.locator('[data-testid="sentinel"]').scrollIntoViewIfNeeded()
    await eventually(async () => assertEqual(await rows().count(), 40, 'rows after scrolling'))
    assert(
      (await listRequests()).some((line) => line.includes('cursor=')),
      'a cursor request',
    )
    await page!.getByRole('button', { name: 'Load more' }).click()
    await eventually(async () => assertEqual(await rows().count(), 60, 'rows after Load more'))
    await page!.locator('.list-end').waitFor()
  })

  await steps.run('a list row has no body: its detail fetches (summary → detail)', async () => {
    await page!.evaluate(() => window.scrollTo(0, 0))
    await page!.locator('[data-testid="issue-60"] a.issue-title').click()
    await page!.locator('[data-testid="issue-body"]').waitFor()
    assert((await text('[data-testid="issue-body"]')).includes('Steps to reproduce'), 'body')
    assert((await requests()).includes('GET /api/issues/60'), 'GET of the one issue')
  })

  await steps.run('comments page through the Link header', async () => {
    const heading = page!.locator('[data-testid="comments"] h2')
    await eventually(async () => assert((await heading.innerText()).includes('10 of 23'), 'p1'))
    await page!.getByRole('button', { name: 'More comments' }).click()
    await eventually(async () => assert((await heading.innerText()).includes('20 of 23'), 'p2'))
  })

  await steps.run('the GraphQL view renders, and its mutation updates the cache', async () => {
    await go('#/team')
    const ada = page!.locator('[data-testid="member-ada"]')
    await ada.waitFor()
    await page!.getByLabel('Your status').fill('Reviewing the e2e test')
    await page!.getByRole('button', { name: 'Set my status' }).click()
    await eventually(async () => assert((await ada.innerText()).includes('Reviewing'), 'status'))
    assert((await requests()).filter((line) => line === 'POST /api/graphql').length >= 2, 'gql')
  })

  await steps.run('Redux DevTools: plain actions that replay into the same state', async () => {
    const types = new Set(await devtoolsTypes(page!))
    // The cache's actions and the app's own slice's, in one store.
    for (const type of ['cache/received', 'cache/failed', 'ui/labelFilterSet']) {
      assert(types.has(type), `a ${type} action was recorded`)
    }
    const replay = await devtoolsReplay(page!)
    assert(replay.actions > 20, `actions recorded (${replay.actions})`)
    assert(replay.plain, 'every action is plain JSON')
    assert(replay.sameState, 'replaying JSON copies of the actions rebuilds the state')
  })

  await steps.run('Redux DevTools: a record is where a person looks for it', async () => {
    const state = (await devtoolsState(page!)) as {
      cache: {
        layout: { version: number; splitTables: string[] }
        entities: Record<string, Record<string, { id?: unknown; title?: unknown }>>
        entitiesMeta: Record<string, Record<string, { fetchedAt?: unknown }>>
      }
    }
    const { cache } = state
    assertEqual(cache.layout.version, 6, 'the state names its layout')
    assertEqual(cache.layout.splitTables.length, 0, 'every table of the example is plain')
    const issue = cache.entities.Issue?.['60']
    assert(
      issue && issue.id === 60 && typeof issue.title === 'string',
      'cache.entities.Issue["60"]',
    )
    assert(typeof cache.entitiesMeta.Issue?.['60']?.fetchedAt === 'number', 'its meta beside it')
    assert(cache.entities.User?.ada !== undefined, 'cache.entities.User.ada')
    // An excerpt for the docs (docs/concepts/cache-in-your-store.md shows one).
    const excerpt = {
      cache: {
        layout: cache.layout,
        entities: { Issue: { '60': issue }, User: { ada: cache.entities.User?.ada } },
        entitiesMeta: { Issue: { '60': cache.entitiesMeta.Issue?.['60'] } },
      },
    }
    fs.writeFileSync(
      path.join(resultsDir, 'devtools-state-excerpt.json'),
      `${JSON.stringify(excerpt, null, 2)}\n`,
    )
  })

  await steps.run('on a 390 px wide phone, the header fits', async () => {
    await page!.setViewportSize({ width: 390, height: 800 })
    await go('#/')
    await rows().first().waitFor()
    const widths = await page!.evaluate(() => {
      const header = document.querySelector('.header') as HTMLElement
      return {
        header: header.scrollWidth,
        page: document.documentElement.scrollWidth,
        switcher: (document.querySelector('.user-switcher') as HTMLElement).getBoundingClientRect()
          .right,
      }
    })
    assert(widths.header <= 390, `header is ${widths.header} px wide`)
    assert(widths.page <= 390, `page is ${widths.page} px wide`)
    assert(widths.switcher <= 390, `user switcher ends at ${widths.switcher} px`)
    await page!.screenshot({ path: path.join(resultsDir, 'issue-tracker-390.png') })
    await page!.setViewportSize({ width: 1280, height: 800 })
  })

  await steps.run('screenshot of the list', async () => {
    await go('#/')
    await rows().first().waitFor()
    await page!.evaluate(() => window.scrollTo(0, 0))
    await page!.mouse.move(0, 0)
    await page!.screenshot({ path: path.join(resultsDir, 'issue-tracker.png') })
    await go('#/issues/60')
    await page!.locator('[data-testid="issue-body"]').waitFor()
    await page!.screenshot({ path: path.join(resultsDir, 'issue-tracker-detail.png') })
    assertEqual(pageErrors.join('\n'), '', 'errors in the page')
  })
}

async function run(): Promise<number> {
  fs.mkdirSync(resultsDir, { recursive: true })
  fs.rmSync(path.join(resultsDir, 'issue-tracker-failure.png'), { force: true })
  const steps = new Steps(() => page)
  console.log('e2e: examples/issue-tracker in Debian chromium')
  try {
    await steps.run('start the server and the browser', async () => {
      server = await startServer()
      browser = await launchBrowser()
      page = browser.context.pages()[0] ?? (await browser.context.newPage())
      await installDevtoolsStandIn(page)
      page.on('pageerror', (error) => pageErrors.push(error.message))
      page.on('console', (message) => {
        // Failed requests on purpose (the 422) are logged by chromium as "Failed to load resource".
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          pageErrors.push(message.text())
        }
      })
    })
    if (!steps.failed) await main(steps)
  } finally {
    await browser?.context.close().catch(() => undefined)
    if (browser) fs.rmSync(browser.profile, { recursive: true, force: true })
    await stopServer(server?.child)
  }
  steps.report()
  console.log(`screenshots: ${path.relative(root, resultsDir)}/issue-tracker*.png`)
  return steps.failed > 0 || steps.passed === 0 ? 1 : 0
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    void stopServer(server?.child).finally(() => process.exit(1))
  },
)
