import { createRequire } from "node:module";
import path from "node:path";

/**
 * The installed directory of a data package (its .mmdb / .csv files are read from there). Turbopack rewrites
 * `require.resolve("<literal>")` into a bundler module id in the production build, so the specifier is computed
 * and resolved from the app root at run time.
 */
export function packageDir(name: string): string {
  const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(fromRoot.resolve([name, "package.json"].join("/")));
}

/** The directory of a package's entry file, for a package whose `exports` hide its package.json. */
export function packageEntryDir(name: string): string {
  const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(fromRoot.resolve([name].join("")));
}
