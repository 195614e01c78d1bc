/**
 * Every name the two entry points export (values and types) is named in the docs, in
 * backticks, so a new export cannot ship without a line that says what it is
 * (docs/api/types.md holds the types no other page describes).
 */
import fs from 'node:fs'
import path from 'node:path'
import { markdownFiles, root } from './markdown'

/** The names an entry file exports (`export { A, B as C }`, `export type { D }`). */
function exportedNames(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const names: string[] = []
  for (const [, list] of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (list as string).split(',')) {
      const name = part
        .replace(/\/\/.*$/gm, '')
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, '')
        .trim()
      if (name) names.push(name)
    }
  }
  for (const [, name] of text.matchAll(
    /export\s+(?:declare\s+)?(?:const|function|class|type|interface|enum)\s+(\w+)/g,
  )) {
    names.push(name as string)
  }
  return names
}

const docs = markdownFiles()
  .map((file) => fs.readFileSync(path.join(root, file), 'utf8'))
  .join('\n')

/** True when the docs write `name` in backticks (`` `Name` ``, `` `Name<T>` ``, `` `Name.x` ``, ...). */
function named(name: string): boolean {
  return new RegExp('`' + name + '[`<.(\\[ ]').test(docs)
}

test.each(['src/index.ts', 'src/react/index.ts'])(
  'every export of %s is named in the docs',
  (entry) => {
    const names = exportedNames(entry)
    // The parse found the entry's exports (a change of syntax must not make this test pass empty).
    expect(names.length).toBeGreaterThan(entry === 'src/index.ts' ? 100 : 10)
    expect(names.filter((name) => !named(name))).toEqual([])
  },
)
