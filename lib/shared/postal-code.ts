// How a postal code is compared with its country's pattern, on the server (POSTAL_VALIDATION) and in the browser (the
// hosted page's hint under the field) alike, so the page never calls "looks wrong" a code the check accepts.

/** Upper case, single spaces: the form the formats are written for ("sw1a  2aa" → "SW1A 2AA"). */
export function cleanPostalCode(code: string): string {
  return code.trim().replace(/\s+/g, " ").toUpperCase();
}

/**
 * The code as written, then its characters with no space or one space anywhere: a space left out or put elsewhere
 * ("CP1101" for El Salvador's "CP 1101") is a way of writing the same code, where a character more or less is not.
 */
export function postalSpacings(code: string): string[] {
  const bare = code.replace(/ /g, "");
  return [
    code,
    bare,
    ...Array.from({ length: bare.length - 1 }, (_, i) => `${bare.slice(0, i + 1)} ${bare.slice(i + 1)}`),
  ];
}

/** Whether the code, cleaned, matches the country's whole-code pattern in one of its spacings. */
export function matchesPostalPattern(pattern: RegExp, code: string): boolean {
  return postalSpacings(cleanPostalCode(code)).some((c) => pattern.test(c));
}
