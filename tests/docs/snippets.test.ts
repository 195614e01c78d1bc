/**
 * Every ```ts and ```tsx block of README.md and docs/ must compile. Each block is written to
 * tests/docs/.snippets/ (gitignored) as a module of its own, and all of them are type-checked in
 * one program with the options of tsconfig.json, 'rtk-resources' mapped to src/.
 *
 * Skip a block (shell output, deliberately wrong code) with ```ts no-check, or with
 * `<!-- no-check -->` on the line before it.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import type { Snippet } from './markdown'
import { extractSnippets, markdownFiles, root } from './markdown'

const outDir = path.join(root, 'tests/docs/.snippets')

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.json')
  const read = ts.readConfigFile(configPath, ts.sys.readFile)
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'))
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath)
  return {
    ...parsed.options,
    noEmit: true,
    baseUrl: root,
    paths: {
      'rtk-resources': ['src/index.ts'],
      'rtk-resources/react': ['src/react/index.ts'],
    },
  }
}

/** Writes each snippet as a module and returns them by absolute file name. */
function writeSnippets(snippets: Snippet[]): Map<string, Snippet> {
  fs.rmSync(outDir, { recursive: true, force: true })
  fs.mkdirSync(outDir, { recursive: true })
  const files = new Map<string, Snippet>()
  for (const snippet of snippets) {
    const name = `${snippet.doc.replace(/[\\/]/g, '__')}__L${snippet.line}.${snippet.lang}`
    const file = path.join(outDir, name)
    // `export {}` keeps each block a module (its names are its own) without moving its lines.
    fs.writeFileSync(file, `${snippet.code}\nexport {}\n`)
    files.set(file, snippet)
  }
  return files
}

function describeDiagnostic(d: ts.Diagnostic, files: Map<string, Snippet>): string {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n  ')
  if (!d.file || d.start === undefined) return `tsc: TS${d.code} ${message}`
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start)
  const snippet = files.get(path.resolve(d.file.fileName))
  const where = snippet
    ? `${snippet.doc}:${snippet.line + line}:${character + 1}`
    : `${path.relative(root, d.file.fileName)}:${line + 1}:${character + 1}`
  return `${where} TS${d.code}: ${message}`
}

describe('docs code samples', () => {
  const snippets = markdownFiles().flatMap((doc) =>
    extractSnippets(doc, fs.readFileSync(path.join(root, doc), 'utf8')),
  )
  const checked = snippets.filter((s) => !s.skip)

  it('finds ts blocks to check', () => {
    expect(checked.length).toBeGreaterThan(0)
  })

  it('every ts/tsx block type-checks', () => {
    const files = writeSnippets(checked)
    const program = ts.createProgram([...files.keys()], compilerOptions())
    const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
    for (const file of files.keys()) {
      const source = program.getSourceFile(file)
      if (!source) throw new Error(`tsc did not load ${file}`)
      diagnostics.push(
        ...program.getSyntacticDiagnostics(source),
        ...program.getSemanticDiagnostics(source),
      )
    }
    const errors = diagnostics
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => describeDiagnostic(d, files))
    if (errors.length > 0) {
      throw new Error(
        `${errors.length} type error(s) in docs code samples ` +
          `(compiled copies in tests/docs/.snippets/):\n\n${errors.join('\n\n')}`,
      )
    }
  }, 60_000)
})
