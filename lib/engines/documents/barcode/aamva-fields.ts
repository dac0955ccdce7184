// The values of an AAMVA DL/ID subfile's elements, read the way issuers actually write them: names in one element
// (version 1 DAA, "LAST,FIRST,MIDDLE,SUFFIX" or, in Pennsylvania, "FIRST MIDDLE LAST"), given names in one element
// (versions 2–3 DCT), a middle initial inside the first name (Wyoming), trailing commas (Ontario), dates month first
// or year first, heights as feet-and-inches (version 1), inches or centimetres, weights in pounds, kilograms or as a
// range code, colours as the standard's codes or older abbreviations.

export type Height = { value: number; unit: "in" | "cm" };
/** `range`: the standard's weight range code 0–9 (DCE: 0 = up to 70 lb, 1 = 71–100, 2 = 101–130 … 9 = over 320) */
export type Weight = { pounds: number | null; kilograms: number | null; range: number | null };
export type Names = {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  suffix: string | null;
};

const NOTHING = /^(NONE|UNAVL|UNAVAIL|UNAVAILABLE|UNKNOWN|N\/A)$/i;
/** A value as the API shows it: trimmed, single-spaced, upper case; null when empty or "NONE". */
export const clean = (v: string | undefined): string | null => {
  const t = v?.trim().replace(/\s+/g, " ");
  return t && !NOTHING.test(t) ? t.toUpperCase() : null;
};
/** Names and streets: some issuers end them with a comma (Ontario). */
export const cleanText = (v: string | undefined): string | null => clean(v?.replace(/[\s,]+$/, ""));

function isoDate(yyyy: string, mm: string, dd: string): string | null {
  const y = Number(yyyy);
  const m = Number(mm);
  const d = Number(dd);
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days ? `${yyyy}-${mm}-${dd}` : null;
}

/** MMDDCCYY on US cards from version 2 on, CCYYMMDD on Canadian and older cards; the other order when invalid. */
export function readDate(
  value: string | undefined,
  monthFirst: boolean,
  name: string,
  warnings: string[],
): string | null {
  if (!value) return null;
  let v = value.trim();
  if (!v || /^0{8}$/.test(v)) return null;
  // a character glued after the date (New Hampshire's "M": a CR typed as a letter) is not part of it
  if (/^\d{8}\D{1,2}$/.test(v)) {
    warnings.push(`the ${name} "${v}" has characters after its 8 digits: they were ignored`);
    v = v.slice(0, 8);
  }
  if (!/^\d{8}$/.test(v)) {
    warnings.push(`the ${name} "${v.slice(0, 12)}" is not an 8-digit date`);
    return null;
  }
  const mdy = () => isoDate(v.slice(4, 8), v.slice(0, 2), v.slice(2, 4));
  const ymd = () => isoDate(v.slice(0, 4), v.slice(4, 6), v.slice(6, 8));
  const expected = monthFirst ? mdy() : ymd();
  if (expected) return expected;
  const other = monthFirst ? ymd() : mdy();
  warnings.push(
    other
      ? `the ${name} is written ${monthFirst ? "CCYYMMDD" : "MMDDCCYY"}, not as this card's ${monthFirst ? "MMDDCCYY" : "CCYYMMDD"}`
      : `the ${name} "${v}" is no calendar date`,
  );
  return other;
}

// the generational suffixes at the end of a one-element name, punctuation aside ("I" and "V" are left out: far more
// often a middle initial)
const SUFFIX = /^(JR|SR|II|III|IV|[1-9](ST|ND|RD|TH))$/;
const isSuffix = (s: string | undefined) => !!s && SUFFIX.test(s.replace(/[.,]/g, ""));
const words = (s: string) => s.split(" ").filter(Boolean);

/** Version 1's full name DAA: "LAST,FIRST,MIDDLE[,SUFFIX]" ("$" or "@" on some cards), or without delimiters in reading order. */
function fullName(value: string, warnings: string[]): Names {
  const delimited = /[,$@]/.test(value);
  const parts = delimited ? value.split(/[,$@]/).flatMap((p) => words(p.trim())) : words(value);
  const suffix = parts.length > 2 && isSuffix(parts.at(-1)) ? parts.pop()! : null;
  const name = (xs: string[]) => xs.join(" ") || null;
  if (delimited) {
    // the positions count the delimited parts, so an empty middle ("OKAFOR,ADA,,JR") stays empty
    const fields = value.split(/[,$@]/).map((p) => p.trim());
    const first = words(fields[1] ?? "");
    const middle = [...first.slice(1), ...fields.slice(2).flatMap(words)];
    if (suffix && middle.at(-1) === suffix) middle.pop();
    return { lastName: fields[0] || null, firstName: first[0] ?? null, middleName: name(middle), suffix };
  }
  // Pennsylvania writes "ADA C OKAFOR": first, middle names, last
  warnings.push("the full name DAA has no delimiters: FIRST MIDDLE LAST assumed");
  if (parts.length === 1) return { lastName: parts[0]!, firstName: null, middleName: null, suffix };
  return { firstName: parts[0]!, middleName: name(parts.slice(1, -1)), lastName: parts.at(-1)!, suffix };
}

export function readNames(e: Record<string, string>, warnings: string[]): Names {
  let last = cleanText(e.DCS) ?? cleanText(e.DAB);
  let first = cleanText(e.DAC);
  let middle = cleanText(e.DAD);
  let suffix = cleanText(e.DCU) ?? cleanText(e.DAE);
  if (first && !middle && first.includes(" ")) {
    // first names hold no space by the standard's name rule: "ADA C" with an empty DAD is first and middle
    const cut = first.lastIndexOf(" ");
    middle = first.slice(cut + 1);
    first = first.slice(0, cut);
  }
  if (!first && e.DCT) {
    // versions 2–3: the given names in one element, "FIRST,MIDDLE" or "FIRST MIDDLE"
    const given = (cleanText(e.DCT) ?? "").split(/[,$\s]+/).filter(Boolean);
    first = given[0] ?? null;
    middle = middle ?? (given.slice(1).join(" ") || null);
  }
  // version 1 may give the full name besides some of its parts (DAB, DAC, without DAD): it fills what they leave out
  if ((!last || !first || !middle || !suffix) && clean(e.DAA)) {
    const full = fullName(clean(e.DAA)!, warnings);
    last = last ?? full.lastName;
    first = first ?? full.firstName;
    middle = middle ?? full.middleName;
    suffix = suffix ?? full.suffix;
  }
  const truncation: [string, string][] = [
    ["DDE", "family name"],
    ["DDF", "first name"],
    ["DDG", "middle name"],
  ];
  for (const [designator, field] of truncation)
    if (e[designator]?.toUpperCase() === "T") warnings.push(`the ${field} is truncated on the card`);
  return { lastName: last, firstName: first, middleName: middle, suffix };
}

export function postalCode(value: string | undefined, country: string | null): string | null {
  // some issuers (Hawaii) write a stray digit after the code's padding: "96813    0"
  const v = clean(value?.split(/\s{4,}/)[0])?.replace(/\s+/g, "");
  if (!v) return null;
  // a US value longer than ZIP+4 carries a stray digit after it ("9850100007"): the ZIP+4 is its first nine
  if (country !== "CA" && /^\d{10,11}$/.test(v)) return postalCode(v.slice(0, 9), country);
  if (/^\d{9}$/.test(v)) return v.endsWith("0000") ? v.slice(0, 5) : `${v.slice(0, 5)}-${v.slice(5)}`;
  if (/^\d{5}-?0000$/.test(v)) return v.slice(0, 5);
  if (country === "CA" && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(v)) return `${v.slice(0, 3)} ${v.slice(3)}`;
  return v;
}

/** DAU: "069 IN", "175 CM", or (version 1) "FII", feet and inches ("510" = 5 ft 10 in). */
export function readHeight(value: string | undefined): Height | null {
  const v = clean(value);
  if (!v) return null;
  const unit = /^(\d{1,3})\s*(IN|CM)$/.exec(v);
  if (unit) return { value: Number(unit[1]), unit: unit[2] === "CM" ? "cm" : "in" };
  const feet = /^([3-8])'?-?(\d{2})"?$/.exec(v);
  if (feet && Number(feet[2]) < 12) return { value: Number(feet[1]) * 12 + Number(feet[2]), unit: "in" };
  return /^\d{2,3}$/.test(v) ? { value: Number(v), unit: "in" } : null;
}

/** DAW pounds (Alberta writes kilograms there, "77 KG"), DAX kilograms, DCE the range code. */
export function readWeight(e: Record<string, string>): Weight | null {
  const number = (v: string | undefined) => {
    const n = /^\d{2,3}/.exec(clean(v) ?? "");
    return n ? Number(n[0]) : null;
  };
  const range = /^\d$/.test(clean(e.DCE) ?? "") ? Number(clean(e.DCE)) : null;
  const metric = /KG$/.test(clean(e.DAW) ?? "");
  const weight = {
    pounds: metric ? null : number(e.DAW),
    kilograms: number(e.DAX) ?? (metric ? number(e.DAW) : null),
    range,
  };
  return weight.pounds === null && weight.kilograms === null && range === null ? null : weight;
}

// the standard's colour codes, and the older or local spellings that stand for them
const EYES: Record<string, string> = {
  BR: "BRO",
  BRN: "BRO",
  BN: "BRO",
  BL: "BLU",
  BK: "BLK",
  GRE: "GRN",
  HAZEL: "HAZ",
};
const EYE_CODES = new Set(["BLK", "BLU", "BRO", "GRY", "GRN", "HAZ", "MAR", "PNK", "DIC", "UNK"]);
const HAIR: Record<string, string> = {
  BR: "BRO",
  BRN: "BRO",
  BN: "BRO",
  BK: "BLK",
  BLD: "BLN",
  BL: "BLN",
  WHT: "WHI",
  GRA: "GRY",
};
const HAIR_CODES = new Set(["BAL", "BLK", "BLN", "BRO", "GRY", "RED", "SDY", "WHI", "UNK"]);

/** An eye (DAY) or hair (DAZ) colour as the standard's code; an unknown code as written. */
export function colour(value: string | undefined, kind: "eyes" | "hair"): string | null {
  const v = clean(value);
  if (!v) return null;
  const [aliases, codes] = kind === "eyes" ? [EYES, EYE_CODES] : [HAIR, HAIR_CODES];
  return codes.has(v) ? v : (aliases[v] ?? v);
}

/** Y/N, T/F and 1/0 flags (version 1's donor flag may say "DONOR"); any other value of a present element is no. */
export function flag(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  return /^(1|Y|T|DONOR)$/i.test(value.trim());
}

/** DDE/DDF/DDG: T truncated, N (or F) not; U (unknown) and absent say nothing. */
export function truncation(value: string | undefined): boolean | null {
  const v = value?.trim().toUpperCase();
  return v === "T" ? true : v === "N" || v === "F" ? false : null;
}
