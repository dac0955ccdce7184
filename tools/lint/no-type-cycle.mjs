// ESLint rule: import cycles that close through a type-only import (R9, docs/architecture.md). import-x's no-cycle
// drops every `import type` edge from its graph and has no option to keep them (4.x), so two layers that point at
// each other through types alone pass it; such a cycle is still a layering mistake, and the next value import along
// it becomes a runtime cycle. Cycles made only of value imports stay import-x's to report.
//
// The graph: static imports and re-exports, `import()` calls and `import("…")` types, resolved through the same
// resolver as import-x (the `@/` paths), project files only. Files on disk are parsed once per process with
// TypeScript's parser; the file being linted is read from its current text.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const OUTSIDE = /[\\/](?:node_modules|generated)[\\/]/;

// Caches live as long as the ESLint process: one CLI run, in which the files do not change.
/** @type {Map<string, { target: string, typeOnly: boolean }[]>} */
const edgesOnDisk = new Map();
/** @type {Map<string, string | null>} */
const resolved = new Map();

function scriptKind(file) {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (file.endsWith(".jsx")) return ts.ScriptKind.JSX;
  return /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

function allTypeOnly(elements) {
  return elements.length > 0 && elements.every((element) => element.isTypeOnly);
}

function importsOf(file, text) {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const found = [];
  const add = (specifier, typeOnly) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(specifier.getStart(sourceFile));
    found.push({ source: specifier.text, typeOnly, line: line + 1, column: character });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!bindings && ts.isNamedImports(bindings) && allTypeOnly(bindings.elements)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause;
      add(
        node.moduleSpecifier,
        node.isTypeOnly || (!!clause && ts.isNamedExports(clause) && allTypeOnly(clause.elements)),
      );
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function edgesOnDiskOf(file, resolve) {
  let edges = edgesOnDisk.get(file);
  if (!edges) {
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      // a file the resolver found but that is gone: it imports nothing
    }
    edges = [];
    for (const imported of importsOf(file, text)) {
      const target = resolve(imported.source, file);
      if (target) edges.push({ target, typeOnly: imported.typeOnly });
    }
    edgesOnDisk.set(file, edges);
  }
  return edges;
}

function resolveFrom(resolvers, root, source, file) {
  const key = `${path.dirname(file)}\0${source}`;
  if (resolved.has(key)) return resolved.get(key);
  let target = null;
  for (const resolver of resolvers) {
    const result = resolver.resolve(source, file);
    if (result?.found) {
      target = result.path ?? null;
      break;
    }
  }
  const inProject =
    target && SOURCE.test(target) && !OUTSIDE.test(target) && !path.relative(root, target).startsWith("..");
  const kept = inProject ? target : null;
  resolved.set(key, kept);
  return kept;
}

export default {
  meta: {
    type: "problem",
    docs: {
      description: "Forbid import cycles that close through a type-only import (import-x/no-cycle skips those).",
    },
    schema: [],
    messages: {
      cycle: "Import cycle through a type-only import (R9): {{route}}. Move the shared type down a layer.",
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const resolvers = [context.settings["import-x/resolver-next"] ?? []].flat();
    const root = context.cwd;
    const relative = (target) => path.relative(root, target);
    const resolve = (source, from) => resolveFrom(resolvers, root, source, from);
    return {
      "Program:exit"() {
        // One breadth-first walk from this file over (module, has a type-only edge been crossed) states; the first
        // time the walk comes back here having crossed one, the import it started from is reported.
        const seen = new Set();
        const queue = [];
        const reported = new Set();
        for (const imported of importsOf(file, context.sourceCode.text)) {
          const target = resolve(imported.source, file);
          if (!target || target === file) continue;
          const state = { target, typed: imported.typeOnly, start: imported, route: [target] };
          const key = `${target}\0${state.typed}`;
          if (seen.has(key)) continue;
          seen.add(key);
          queue.push(state);
        }
        while (queue.length > 0) {
          const { target, typed, start, route } = queue.shift();
          for (const { target: next, typeOnly } of edgesOnDiskOf(target, resolve)) {
            const nextTyped = typed || typeOnly;
            if (next === file) {
              if (nextTyped && !reported.has(start)) {
                reported.add(start);
                context.report({
                  loc: { line: start.line, column: start.column },
                  messageId: "cycle",
                  data: { route: [file, ...route, file].map(relative).join(" → ") },
                });
              }
              continue;
            }
            const key = `${next}\0${nextTyped}`;
            if (seen.has(key)) continue;
            seen.add(key);
            queue.push({ target: next, typed: nextTyped, start, route: [...route, next] });
          }
        }
      },
    };
  },
};
