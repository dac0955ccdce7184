import "server-only";

// The query of /verify, read ONCE the same way by proxy.ts (who may frame the page) and app/verify/page.tsx (what the
// page shows). They used to disagree on a repeated key — URLSearchParams.get takes the first value, Next hands the
// page an array it treated as absent — so a link could be framed as one account's page and show another's
// (issue 33). A key that decides what the page is, or who may see it, must appear at most once: a repeat is refused.
export const SINGLE_KEYS = [
  "verificationId",
  "token",
  "flowId",
  "clientId",
  "metadata",
  "sig",
  "exp",
  "mode",
  "embedOrigin",
] as const;

type Key = (typeof SINGLE_KEYS)[number];

export type VerifyPageParams = Partial<Record<Key, string>>;

export type ParsedVerifyPageParams = { ok: true; values: VerifyPageParams } | { ok: false; repeated: Key[] };

type Source = URLSearchParams | Record<string, string | string[] | undefined>;

function valuesOf(source: Source, key: Key): string[] {
  if (source instanceof URLSearchParams) return source.getAll(key);
  const value = source[key];
  if (value === undefined) return [];
  return typeof value === "string" ? [value] : value;
}

/** The link's values, or the keys given more than once (the page answers 400 and may not be framed). */
export function parseVerifyPageParams(source: Source): ParsedVerifyPageParams {
  const values: VerifyPageParams = {};
  const repeated: Key[] = [];
  for (const key of SINGLE_KEYS) {
    const found = valuesOf(source, key);
    if (found.length > 1) repeated.push(key);
    else if (found.length === 1) values[key] = found[0];
  }
  return repeated.length ? { ok: false, repeated } : { ok: true, values };
}
