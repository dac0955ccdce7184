/** Strings PostgreSQL text/jsonb can hold: no NUL, no lone surrogates. */
export function isStorableString(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}
