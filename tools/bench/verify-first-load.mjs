// bench:verify's first-load JS: what a browser is told to load by a page's HTML. Next 16's build output no longer
// prints per-route sizes, so the HTML is fetched and every /_next/ script it loads (<script src>, modulepreload
// and preload-as-script links) is fetched and summed, raw and gzip -9 (stylesheets alongside).
import { gzipSync } from "node:zlib";

const decode = (value) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
const attribute = (tag, name) => {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return match ? decode(match[1] ?? match[2] ?? match[3] ?? "") : null;
};

/** The /_next/ scripts and stylesheets the HTML makes the browser load, in document order, without duplicates. */
function firstLoadAssets(html, origin) {
  const scripts = new Set();
  const styles = new Set();
  const own = (href) => {
    if (!href) return null;
    const url = new URL(href, origin);
    return url.origin === origin && url.pathname.startsWith("/_next/") ? url.href : null;
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = own(attribute(tag, "src"));
    if (src) scripts.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = own(attribute(tag, "href"));
    if (!href) continue;
    if (
      rel.includes("modulepreload") ||
      (rel.includes("preload") && (attribute(tag, "as") ?? "").toLowerCase() === "script")
    )
      scripts.add(href);
    else if (
      rel.includes("stylesheet") ||
      (rel.includes("preload") && (attribute(tag, "as") ?? "").toLowerCase() === "style")
    )
      styles.add(href);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

export async function fetchBody(url, cookie) {
  const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

export const sizes = (buffers) => ({
  files: buffers.length,
  rawBytes: buffers.reduce((sum, b) => sum + b.length, 0),
  gzipBytes: buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
});

/** First-load JS and CSS of `page.url` (fetched with `cookie` when given: a signed-in page). */
export async function measureFirstLoad(page, origin, cookie) {
  const html = await fetchBody(page.url, cookie);
  const { scripts, styles } = firstLoadAssets(html.body.toString("utf8"), origin);
  const fetched = async (urls) => {
    const bodies = [];
    for (const url of urls) {
      const asset = await fetchBody(url);
      if (asset.status !== 200) throw new Error(`${url}: HTTP ${asset.status}`);
      bodies.push(asset.body);
    }
    return bodies;
  };
  const js = sizes(await fetched(scripts));
  return {
    status: html.status,
    html: sizes([html.body]),
    js,
    css: sizes(await fetched(styles)),
    scripts: scripts.map((s) => new URL(s).pathname),
  };
}
