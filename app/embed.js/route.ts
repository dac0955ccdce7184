import { readFile } from "node:fs/promises";
import path from "node:path";

export const runtime = "nodejs";

// the script itself lives in packages/web (its own package, with its types); read once per process
let source: Promise<string> | undefined;

// GET /embed.js — the embed script (packages/web/embed.js): opens /verify in a modal or inline frame elsewhere
export async function GET() {
  source ??= readFile(path.join(process.cwd(), "packages/web/embed.js"), "utf8");
  return new Response(await source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
