// No import cycles in the product's code (lib/, app/, components/, server/ and the root modules Next
// loads). A cycle makes a module's exports undefined while the other half of the cycle is still
// loading, depending on which side a bundle happens to load first; it was how the mail worker once
// reached the close job (docs/architecture.md "Jobs"). Read with TypeScript's own parser (already the
// project's compiler), so imports in comments or strings are not mistaken for real ones.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["lib", "app", "components", "server"];
const ROOT_FILES = ["instrumentation.ts", "proxy.ts", "next.config.ts", "next.config.mjs"];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const RESOLVE = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx", "/index.mjs"];

function sourceFiles(): string[] {
  const files = ROOT_FILES.map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f));
  for (const folder of FOLDERS) {
    for (const entry of fs.readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      const name = entry.name;
      // Tests import the code, never the other way round; declaration files have no run-time imports.
      if (!entry.isFile() || !SOURCE.test(name) || /\.test\.tsx?$/.test(name) || name.endsWith(".d.ts")) continue;
      files.push(path.join(entry.parentPath, name));
    }
  }
  return files;
}

/** What a module imports at run time: static imports and re-exports (not type-only ones) and `import()`. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import { type A, type B } from` is erased too.
      const named = node.importClause?.namedBindings;
      const onlyTypes = !node.importClause?.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The file a specifier names inside the project, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const ending of RESOLVE) {
    const candidate = base + ending;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The project's import graph: each file and the project files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const targets = importsOf(file)
      .map((s) => resolve(file, s))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.map((f) => path.relative(ROOT, f)).sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

describe("imports", () => {
  it("finds a cycle when there is one (the checker itself)", () => {
    const graph = new Map([
      ["/a", ["/b"]],
      ["/b", ["/c"]],
      ["/c", ["/a"]],
      ["/d", ["/a"]],
      ["/e", ["/e"]],
    ]);
    expect(cyclesOf(graph).map((c) => c.length).sort()).toEqual([1, 3]);
  });

  it("form no cycle in lib/, app/, components/, server/ and the root modules, dynamic imports included", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    // The outbox's imports are resolved: a checker that resolved nothing would find no cycle either.
    expect(graph.get(path.join(ROOT, "lib/surveys/notifications.ts"))).toContain(path.join(ROOT, "lib/mail/outbox.ts"));
    expect(cyclesOf(graph)).toEqual([]);
  });
});
