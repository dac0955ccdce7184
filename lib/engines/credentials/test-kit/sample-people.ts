import "server-only";
import sharp from "sharp";

// Made-up people for test credentials. The portrait is drawn here (a plain silhouette on a tinted background): no
// real face is committed or shipped, so a face match against it is meaningless; the sandbox says so.

export type TestPerson = {
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  documentNumber: string;
  /** YYYY-MM-DD: the document's own expiry, printed on it (not the credential's validity) */
  expiryDate: string;
  /** alpha-2 */
  nationality: string;
  address: { line: string; city: string; postalCode: string; region?: string; country: string };
  /** hue of the drawn portrait's background, to tell people apart */
  hue: number;
};

export const SAMPLE_PEOPLE = {
  erika: {
    givenName: "Erika",
    familyName: "Mustermann",
    birthDate: "1984-08-12",
    documentNumber: "T22000129",
    expiryDate: "2031-10-31",
    nationality: "DE",
    address: { line: "Heidestrasse 17", city: "Köln", postalCode: "51147", region: "NW", country: "DE" },
    hue: 200,
  },
  jordan: {
    givenName: "Jordan",
    familyName: "Sample",
    birthDate: "1992-03-04",
    documentNumber: "D1234567",
    expiryDate: "2030-03-04",
    nationality: "US",
    address: { line: "2415 Market Street", city: "Sacramento", postalCode: "95818", region: "CA", country: "US" },
    hue: 30,
  },
  minor: {
    givenName: "Lea",
    familyName: "Young",
    birthDate: "2012-06-01",
    documentNumber: "T44000567",
    expiryDate: "2032-06-01",
    nationality: "FR",
    address: { line: "12 rue de la Paix", city: "Paris", postalCode: "75002", country: "FR" },
    hue: 120,
  },
} satisfies Record<string, TestPerson>;

/** a small JPEG portrait (ISO 18013-5 and the PID rulebook both carry JPEG) */
export async function drawPortrait(person: TestPerson): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="150">
    <rect width="120" height="150" fill="hsl(${person.hue},40%,80%)"/>
    <ellipse cx="60" cy="58" rx="26" ry="32" fill="hsl(${person.hue},20%,35%)"/>
    <rect x="22" y="100" width="76" height="50" rx="30" fill="hsl(${person.hue},20%,35%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** whether the person is at least `years` old on `on` (their birthday counts) */
export function isAgeAtLeast(person: TestPerson, years: number, on: Date): boolean {
  const [year, month, day] = person.birthDate.split("-").map(Number) as [number, number, number];
  const birthdayThisYear = on.getUTCMonth() + 1 > month || (on.getUTCMonth() + 1 === month && on.getUTCDate() >= day);
  return on.getUTCFullYear() - year - (birthdayThisYear ? 0 : 1) >= years;
}
