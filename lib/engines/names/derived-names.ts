// Two names of which one is formed from the other, compared by token-similarity.ts: X al-Din written joined and its
// short form X (one person's name), and a patronymic or surname formed from a name (another name).

// X al-Din joined: the article written as Latin spellings write it before D (UD, ED, AD; UL, EL, AL), DIN, DEEN, DINE
const AL_DIN = /^([A-Z]{3,})(?:UD|ED|AD|UL|EL|AL)D(?:I|EE)NE?$/;
export const isShortOfDin = (a: string, b: string) => AL_DIN.exec(a)?.[1] === b || AL_DIN.exec(b)?.[1] === a;

// the endings that form a patronymic or a surname from a name, Slavic and Scandinavian (a short ending more, as a
// typo or a deviation writes one — ABIY / ABIYOT — is not one of them)
const DERIVING = /^(?:[OE]?VICH|ICH|[OE]VNA|S?SON|SEN)$/;
export const isDerivedName = (a: string, b: string) => {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.startsWith(short) && DERIVING.test(long.slice(short.length));
};
