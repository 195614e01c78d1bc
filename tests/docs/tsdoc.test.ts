/**
 * Every export of the two entry points, and every public member of an exported class, has TSDoc
 * (a summary, or a tag such as `@internal`): it is what an editor shows on hover.
 */
import path from 'node:path'
import ts from 'typescript'
import { root } from './markdown'

const ENTRIES = ['src/index.ts', 'src/react/index.ts']

/**
 * Left out: the `schema` namespace (a namespace import re-exported has no declaration of its own
 * to carry a comment; its members are documented).
 */
const NOT_DOCUMENTABLE = new Set(['schema'])

function documented(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  return (
    ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== '' ||
    symbol.getJsDocTags(checker).length > 0
  )
}

function isPublic(member: ts.Symbol): boolean {
  const declaration = member.declarations?.[0]
  if (declaration === undefined) return false
  if (declaration.getSourceFile().fileName.includes('node_modules')) return false
  // `#private`, `~generics`, and members keyed by a module's own symbol (`__@name@id`).
  if (/^(#|~|__@)/.test(member.name)) return false
  const flags = ts.getCombinedModifierFlags(declaration as ts.Declaration)
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) === 0
}

test('every export and every public member of an exported class has TSDoc', () => {
  const program = ts.createProgram(
    ENTRIES.map((entry) => path.join(root, entry)),
    {
      strict: true,
      jsx: ts.JsxEmit.ReactJSX,
      skipLibCheck: true,
      esModuleInterop: true,
      noEmit: true,
    },
  )
  const checker = program.getTypeChecker()
  const missing: string[] = []
  let seen = 0
  for (const entry of ENTRIES) {
    const file = program.getSourceFile(path.join(root, entry)) as ts.SourceFile
    const moduleSymbol = checker.getSymbolAtLocation(file) as ts.Symbol
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      seen++
      if (NOT_DOCUMENTABLE.has(exported.name)) continue
      const target =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      if (!documented(target, checker)) missing.push(`${entry}: ${exported.name}`)
      if ((target.flags & ts.SymbolFlags.Class) === 0) continue
      for (const member of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(target))) {
        if (isPublic(member) && !documented(member, checker)) {
          missing.push(`${entry}: ${exported.name}#${member.name}`)
        }
      }
    }
  }
  // The entries were read (a moved file must not make this test pass empty).
  expect(seen).toBeGreaterThan(150)
  expect(missing).toEqual([])
})
