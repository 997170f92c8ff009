// Lists the exports of src (the renderer aside) that nothing imports: `node scripts/unused-exports.mjs`.
// Every file of the three TypeScript projects counts as a consumer (src, test, bench); an import
// through a barrel counts for the original; a namespace, dynamic or mocked import counts for
// every export of its module. Types that only name parts of their own file's exported
// signatures are left out: callers may need to name them. Exits 1 when it lists anything.
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
const configs = ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.renderer-test.json'].map(
  (name) => ts.getParsedCommandLineOfConfigFile(path.join(root, name), {}, host),
);
const files = new Set(configs.flatMap((c) => c?.fileNames ?? []));
const program = ts.createProgram([...files], {
  ...configs[2]?.options,
  allowJs: true,
  noEmit: true,
});
const checker = program.getTypeChecker();

const original = (symbol) => {
  if (!symbol) return symbol;
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
};
const used = new Set();
const useModule = (moduleSymbol) => {
  if (moduleSymbol) for (const e of checker.getExportsOfModule(moduleSymbol)) used.add(original(e));
};
const moduleNamed = (sourceFile, specifier) => {
  const options = program.getCompilerOptions();
  const resolved = ts.resolveModuleName(specifier, sourceFile.fileName, options, ts.sys);
  const file =
    resolved.resolvedModule && program.getSourceFile(resolved.resolvedModule.resolvedFileName);
  return file ? checker.getSymbolAtLocation(file) : undefined;
};
const isLoader = (callee) =>
  callee.kind === ts.SyntaxKind.ImportKeyword ||
  (ts.isPropertyAccessExpression(callee) && /^(mock|doMock|importActual)$/.test(callee.name.text));

for (const sourceFile of program.getSourceFiles()) {
  if (sourceFile.fileName.includes('node_modules')) continue;
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && node.importClause) {
      const { name, namedBindings } = node.importClause;
      if (name) used.add(original(checker.getSymbolAtLocation(name)));
      if (namedBindings && ts.isNamespaceImport(namedBindings)) {
        useModule(checker.getSymbolAtLocation(node.moduleSpecifier));
      } else if (namedBindings) {
        for (const e of namedBindings.elements)
          used.add(original(checker.getSymbolAtLocation(e.name)));
      }
    } else if (ts.isCallExpression(node) && isLoader(node.expression)) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) useModule(moduleNamed(sourceFile, first.text));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) useModule(moduleNamed(sourceFile, literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
}

const found = [];
for (const sourceFile of program.getSourceFiles()) {
  const rel = path.relative(root, sourceFile.fileName).split(path.sep).join('/');
  if (!rel.startsWith('src/') || rel.startsWith('src/renderer/')) continue;
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  if (!moduleSymbol) continue;
  for (const e of checker.getExportsOfModule(moduleSymbol)) {
    const target = original(e);
    const declaration = target.declarations?.[0];
    if (!declaration || declaration.getSourceFile() !== sourceFile || used.has(target)) continue;
    const mentions = sourceFile.text.match(new RegExp(`\\b${e.name}\\b`, 'g'))?.length ?? 0;
    const typeOnly =
      !!(target.flags & ts.SymbolFlags.Type) && !(target.flags & ts.SymbolFlags.Value);
    if (typeOnly && mentions > 1) continue;
    const line = sourceFile.getLineAndCharacterOfPosition(declaration.getStart()).line + 1;
    const what = mentions > 1 ? 'used only in its file: drop `export`' : 'used nowhere';
    found.push(`${rel}:${line} ${e.name} (${what})`);
  }
}
for (const line of found) console.log(line);
process.exitCode = found.length > 0 ? 1 : 0;
