// Every name the published declarations export as a value (a class, a const, a function) is
// there at run time, in both formats: a type-only export of a class once came out of the
// declaration bundler as a plain export, so `new AllSchema(...)` compiled and then threw.
const assert = require('node:assert')
const path = require('node:path')
const ts = require('typescript')

/** The names `declarationFile` exports with a value meaning (not `export type`). */
function declaredValues(declarationFile) {
  const program = ts.createProgram([declarationFile], {
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  })
  const checker = program.getTypeChecker()
  const module = checker.getSymbolAtLocation(program.getSourceFile(declarationFile))
  const names = []
  for (const symbol of checker.getExportsOfModule(module)) {
    const typeOnly = (symbol.declarations ?? []).some(
      (declaration) => ts.isTypeOnlyImportOrExportDeclaration?.(declaration) ?? false,
    )
    if (typeOnly) continue
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    if (target.flags & ts.SymbolFlags.Value) names.push(symbol.name)
  }
  return names
}

/** Checks `entry` (`index`, `react/index`) of `dist` against its loaded CJS and ESM modules. */
async function checkDeclaredValues(dist, entry) {
  const formats = [
    ['.d.ts', require(path.join(dist, `${entry}.js`))],
    ['.d.mts', await import(path.join(dist, `${entry}.mjs`))],
  ]
  for (const [extension, loaded] of formats) {
    const names = declaredValues(path.join(dist, entry + extension))
    assert.ok(names.length > 0, `dist/${entry}${extension} declares no values`)
    const missing = names.filter((name) => loaded[name] === undefined)
    assert.deepEqual(
      missing,
      [],
      `dist/${entry}${extension} declares these as values, which its module does not export: ` +
        `${missing.join(', ')} (export them as values, or with \`export type\` from a type)`,
    )
  }
}

module.exports = { checkDeclaredValues }
