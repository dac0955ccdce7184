// Dates of birth as publishers write them → YYYY, YYYY-MM or YYYY-MM-DD (several for a range). What cannot be
// read is dropped: a missing date is neutral in scoring, a misread one would be a false conflict.

const MONTHS: Record<string, string> = {
  JAN: "01",
  FEB: "02",
  MAR: "03",
  APR: "04",
  MAY: "05",
  JUN: "06",
  JUL: "07",
  AUG: "08",
  SEP: "09",
  OCT: "10",
  NOV: "11",
  DEC: "12",
};
// a range wider than this is not a date of birth worth comparing
const MAX_RANGE_YEARS = 12;

export function yearRange(from: number, to: number): string[] {
  if (!Number.isInteger(from) || !Number.isInteger(to) || to < from || to - from > MAX_RANGE_YEARS) return [];
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

export function parseListedDate(raw: string | null | undefined): string[] {
  const text = (raw ?? "").trim().toUpperCase();
  if (!text) return [];
  let m = text.match(/^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/);
  if (m) return [`${m[1]}-${m[2]}-${m[3]}`];
  m = text.match(/^(\d{4})-(\d{2})$/);
  if (m) return [`${m[1]}-${m[2]}`];
  // OFAC: "10 DEC 1948", "DEC 1948"
  m = text.match(/^(?:(\d{1,2}) )?([A-Z]{3})[A-Z]* (\d{4})$/);
  if (m && MONTHS[m[2]!])
    return [m[1] ? `${m[3]}-${MONTHS[m[2]!]}-${m[1].padStart(2, "0")}` : `${m[3]}-${MONTHS[m[2]!]}`];
  // "1952 TO 1954", "BETWEEN 1952 AND 1954", "1952-1954"
  m = text.match(/^(?:BETWEEN )?(\d{4}) ?(?:TO|AND|-) ?(\d{4})$/);
  if (m) return yearRange(Number(m[1]), Number(m[2]));
  // "CIRCA 1951", "C. 1951", "APPROXIMATELY 1951", "1951"
  m = text.match(/^(?:CIRCA|CA\.?|C\.|APPROX(?:IMATELY)?\.?)? ?(\d{4})$/);
  if (m) return [m[1]!];
  return [];
}
