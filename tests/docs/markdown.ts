/**
 * Finds the TypeScript code blocks of the docs, so that tests can compile them. Shared by the
 * snippet and link tests; no test runs here.
 */
import fs from 'node:fs'
import path from 'node:path'

/** The repository root. */
export const root = path.resolve(__dirname, '../..')

/** One fenced ```ts / ```tsx block of a Markdown file. */
export interface Snippet {
  /** The Markdown file, relative to the root (`docs/concepts/schemas.md`). */
  doc: string
  /** 1-based line in `doc` of the block's first code line. */
  line: number
  /** `ts` or `tsx`. */
  lang: 'ts' | 'tsx'
  /** The code, with the fence's indentation removed. */
  code: string
  /** True for ```ts no-check, or a block preceded by `<!-- no-check -->`. */
  skip: boolean
}

const LANGS: Record<string, 'ts' | 'tsx'> = { ts: 'ts', typescript: 'ts', tsx: 'tsx' }

/** README.md and every `.md` under docs/, relative to the root, sorted. */
export function markdownFiles(): string[] {
  const found = ['README.md']
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(rel)
      else if (entry.name.endsWith('.md')) found.push(rel)
    }
  }
  if (fs.existsSync(path.join(root, 'docs'))) walk('docs')
  return found.sort()
}

/** The fenced code blocks of one Markdown text (every language; `lang` is set for ts/tsx). */
export function extractSnippets(doc: string, text: string): Snippet[] {
  const lines = text.split(/\r?\n/)
  const snippets: Snippet[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)(.*)$/.exec(lines[i] as string)
    if (!open) continue
    const [, indent = '', fence = '', info = '', rest = ''] = open
    const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`)
    let end = i + 1
    while (end < lines.length && !close.test(lines[end] as string)) end++
    const lang = LANGS[info.toLowerCase()]
    if (lang) {
      const before =
        lines
          .slice(0, i)
          .reverse()
          .find((l) => l.trim() !== '') ?? ''
      const body = lines
        .slice(i + 1, end)
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      snippets.push({
        doc,
        line: i + 2,
        lang,
        code: body.join('\n'),
        skip: /(^|\s)no-check(\s|$)/.test(rest) || before.trim() === '<!-- no-check -->',
      })
    }
    i = end
  }
  return snippets
}
