/**
 * Links between pages, and the docs links in src/ TSDoc (`@see .../docs/api/schema.md#array`),
 * point at files and headings that exist.
 */
import fs from 'node:fs'
import path from 'node:path'
import { markdownFiles, root } from './markdown'

const DOCS_URL = 'https://github.com/rtk-resources/rtk-resources/blob/main/'

/** Markdown with code blocks and inline code blanked out (line numbers kept). */
function prose(text: string): string[] {
  let fence: string | undefined
  return text.split(/\r?\n/).map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
      return ''
    }
    if (marker) {
      fence = marker
      return ''
    }
    return line.replace(/`[^`]*`/g, '``')
  })
}

/** GitHub's anchor for a heading (github-slugger, for the characters our headings use). */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

const anchorCache = new Map<string, Set<string>>()
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file)
  if (anchors) return anchors
  anchors = new Set()
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const raw = text.split(/\r?\n/)
  const counts = new Map<string, number>()
  prose(text).forEach((line, i) => {
    if (!/^#{1,6}\s/.test(line)) return
    const base = slug((raw[i] as string).replace(/^#{1,6}\s+/, '').replace(/\s+#*\s*$/, ''))
    const seen = counts.get(base) ?? 0
    counts.set(base, seen + 1)
    anchors.add(seen === 0 ? base : `${base}-${seen}`)
  })
  for (const match of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string)
  anchorCache.set(file, anchors)
  return anchors
}

/** Why a link to `target` (relative to the root, maybe with `#anchor`) is broken, if it is. */
function problem(target: string): string | undefined {
  const [file = '', anchor] = target.split('#')
  if (!fs.existsSync(path.join(root, file))) return `${file} does not exist`
  if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) {
    return `${file} has no heading for #${anchor}`
  }
  return undefined
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(rel)
    return /\.tsx?$/.test(entry.name) ? [rel] : []
  })
}

describe('docs links', () => {
  it('no two pages differ only by letter case (case-insensitive checkouts)', () => {
    const seen = new Map<string, string>()
    const clashes: string[] = []
    for (const file of markdownFiles()) {
      const other = seen.get(file.toLowerCase())
      if (other) clashes.push(`${other} / ${file}`)
      seen.set(file.toLowerCase(), file)
    }
    expect(clashes).toEqual([])
  })

  it('relative links in README.md and docs/ resolve', () => {
    const broken: string[] = []
    for (const doc of markdownFiles()) {
      prose(fs.readFileSync(path.join(root, doc), 'utf8')).forEach((line, i) => {
        for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          const href = match[1] as string
          if (/^[a-z]+:/i.test(href)) continue
          const target = href.startsWith('#')
            ? `${doc}${href}`
            : path.posix.join(path.posix.dirname(doc), href)
          const why = problem(target)
          if (why) broken.push(`${doc}:${i + 1} (${href}): ${why}`)
        }
      })
    }
    expect(broken).toEqual([])
  })

  // A page that src/ links to but nobody has written yet is not an error here (pages arrive with
  // the features they describe); a heading missing from a page that exists is.
  it('docs links in src/ TSDoc point at headings that exist', () => {
    const broken: string[] = []
    for (const file of sourceFiles('src')) {
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const match of line.matchAll(/https:\/\/github\.com\/\S+/g)) {
            const url = match[0].replace(/[).,`'"]+$/, '')
            if (!url.startsWith(DOCS_URL)) continue
            const target = url.slice(DOCS_URL.length)
            if (!fs.existsSync(path.join(root, target.split('#')[0] as string))) continue
            const why = problem(target)
            if (why) broken.push(`${file}:${i + 1}: ${why}`)
          }
        })
    }
    expect(broken).toEqual([])
  })
})

test('the published README resolves its relative links: package.json names the repository they live in', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    repository?: { url?: string }
    homepage?: string
    bugs?: { url?: string }
  }
  // npm rewrites the README's relative links against `repository`; the same address the
  // error messages and TSDoc link to.
  const repo = DOCS_URL.replace(/\/blob\/main\/$/, '')
  expect(pkg.repository?.url).toBe(`git+${repo}.git`)
  expect(pkg.homepage).toBe(`${repo}#readme`)
  expect(pkg.bugs?.url).toBe(`${repo}/issues`)
})
