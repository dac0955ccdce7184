// What counts as personal data on the dashboard, and how it is masked for a member without the personal-data
// permission (lib/auth/permissions.ts canViewPersonalData; docs/security.md). One list, used by the detail page,
// the auditor report and the exports, so the three never disagree.

export const MASK = "•••";

/**
 * Keys of step data, webhook payloads and metadata whose values identify the person (or place them): masked whole,
 * whatever their shape. The step data's own checks and verdicts (results, scores, signals) stay visible: they are
 * what a restricted reviewer decides from.
 */
export const PERSONAL_KEYS: ReadonlySet<string> = new Set([
  // the document
  "full_name",
  "surname",
  "given_names",
  "date_of_birth",
  "document_number",
  "issue_date",
  "nationality",
  "sex",
  "address",
  "age_over_18",
  "name_check",
  "mrz",
  "normalized_name",
  // the address the user entered and where it lies
  "address_line",
  "city",
  "province",
  "postal_code",
  "normalized",
  "city_match",
  "location",
  // where the device was
  "ip",
  "ip_city",
  "ip_location",
  "ipAddress",
  "gps",
  // the integrator's metadata and the hosted page's inputs
  "email",
  "userId",
  "phone",
  "speech",
]);

/** Inputs whose value is not personal on its own: which document was chosen. Every other input (and every file) is. */
export const NON_PERSONAL_INPUTS: ReadonlySet<string> = new Set(["DOCUMENT_TYPE", "DOCUMENT_COUNTRY"]);

/** Collects the personal strings of a value (by PERSONAL_KEYS) so they can also be scrubbed from free text. */
export function personalStrings(value: unknown, into: Set<string> = new Set(), personal = false): Set<string> {
  if (typeof value === "string" || typeof value === "number") {
    const text = String(value).trim();
    if (personal && text.length >= 3) into.add(text);
  } else if (Array.isArray(value)) {
    for (const item of value) personalStrings(item, into, personal);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) personalStrings(item, into, personal || PERSONAL_KEYS.has(key));
  }
  return into;
}

/** A copy of a JSON value with every PERSONAL_KEYS value replaced by MASK (null stays null: "not available"). */
export function maskPersonal<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => maskPersonal(item)) as T;
  if (!value || typeof value !== "object" || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      PERSONAL_KEYS.has(key) && item !== null && item !== undefined ? MASK : maskPersonal(item),
    ]),
  ) as T;
}

/** Free text (a check's detail) with each known personal string replaced by MASK, longest first. */
export function scrubText(text: string, personal: ReadonlySet<string>): string {
  let out = text;
  for (const value of [...personal].sort((a, b) => b.length - a.length)) out = out.split(value).join(MASK);
  return out;
}
