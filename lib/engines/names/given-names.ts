import table from "@/lib/engines/names/data/nicknames.json";
import { GIVEN_NAME_FORMS } from "@/lib/engines/names/data/given-name-forms";
import { HYPOCORISMS } from "@/lib/engines/names/data/hypocorisms";

// Given names and their nicknames / diminutives (TED ~ THEODORE, BILL ~ WILLIAM), from the public table
// carltonnorthern/nicknames (names.csv at 21d75051, Apache-2.0: data/nicknames.LICENSE.txt), reshaped to
// data/nicknames.json: NAME → the names it has as nicknames, and the short forms of other languages' given names
// (SASHA ~ ALEKSANDR, PACO ~ FRANCISCO: data/hypocorisms.ts). Related both ways; not transitive (ALEX ~ ALEXANDER and
// ALEX ~ ALEXANDRA do not make ALEXANDER ~ ALEXANDRA).
// And one given name's forms in other languages (JOHN ~ JUAN ~ IVAN: data/given-name-forms.ts), related within a
// group only.

type Relations = Map<string, Set<string>>;

function relate(pairs: Iterable<[string, string]>): Relations {
  const related: Relations = new Map();
  const add = (a: string, b: string) => {
    const set = related.get(a) ?? new Set<string>();
    set.add(b);
    related.set(a, set);
  };
  for (const [a, b] of pairs) {
    add(a, b);
    add(b, a);
  }
  return related;
}

function* nicknamePairs(): Generator<[string, string]> {
  for (const [name, nicknames] of Object.entries(table as Record<string, string[]>))
    for (const nickname of nicknames) yield [name, nickname];
  for (const line of HYPOCORISMS) {
    const [full, short] = line.split(":").map((part) => part.trim().split(" "));
    for (const name of full!) for (const nickname of short!) yield [name, nickname];
  }
}

function* formPairs(): Generator<[string, string]> {
  for (const group of GIVEN_NAME_FORMS) {
    const forms = group.split(" ");
    for (const [i, a] of forms.entries()) for (const b of forms.slice(i + 1)) yield [a, b];
  }
}

let nicknames: Relations | null = null;
let forms: Relations | null = null;

// Yoruba and Igbo given names are shortened by leaving out their first element, a god's name or a title (OLUSEGUN:
// SEGUN, OLUWASEUN: SEUN, ADEBAYO: BAYO, CHUKWUEMEKA: EMEKA), as the bearers themselves write them; what is left is at
// least four letters, so a short syllable is no name's short form.
const LEFT_OUT_FIRST = ["OLUWA", "OLU", "ADE", "CHUKWU"];
const SHORT_FORM_MIN = 4;

function isPrefixShortForm(long: string, short: string): boolean {
  return short.length >= SHORT_FORM_MIN && LEFT_OUT_FIRST.some((prefix) => long === prefix + short);
}

/** True when one is listed as a nickname or diminutive of the other, or is its Yoruba or Igbo short form. */
export function areNameVariants(a: string, b: string): boolean {
  nicknames ??= relate(nicknamePairs());
  if (a === b) return false;
  return (nicknames.get(a)?.has(b) ?? false) || isPrefixShortForm(a, b) || isPrefixShortForm(b, a);
}

/** True when both are forms of one given name in different languages (JOHN ~ JUAN, PYOTR ~ PETER). */
export function areNameForms(a: string, b: string): boolean {
  forms ??= relate(formPairs());
  return a !== b && (forms.get(a)?.has(b) ?? false);
}

let known: Set<string> | null = null;

/** True when the tables above list the word as a given name (a name, a nickname, a short form, a form). */
export function isGivenName(word: string): boolean {
  nicknames ??= relate(nicknamePairs());
  forms ??= relate(formPairs());
  known ??= new Set([...nicknames.keys(), ...forms.keys()]);
  return known.has(word);
}

// An East Slavic patronymic is the father's given name with a suffix: Russian -OVICH, -YEVICH (-OVNA, -YEVNA),
// Ukrainian -OVYCH, -IVNA, Belarusian -AVICH, -AUNA. The father's name takes its own language's form in each (GRIGORY:
// GRIGORYEVICH, HRYHORIY: HRYHOROVYCH, RYHOR: RYHORAVICH), so two patronymics name the same father when what stands
// before the suffix, its final vowels left out, is one given name's form in both (the groups above).
const PATRONYMIC = /(?:YE|IE|YO|IO|[AEIOUY])?(?:VICH|VYCH|VITCH|WICZ)$|(?:YE|IE|YI|[AEIOUY])?(?:VNA|UNA)$/;
const stemOf = (name: string) => name.replace(/[AEIOUY]+$/, "");
let stems: Map<string, Set<number>> | null = null;

function fatherOf(patronymic: string): { stem: string; feminine: boolean } | null {
  const suffix = PATRONYMIC.exec(patronymic);
  if (!suffix || patronymic.length - suffix[0].length < 3) return null;
  return { stem: stemOf(patronymic.slice(0, -suffix[0].length)), feminine: suffix[0].endsWith("NA") };
}

/** True when both are patronymics of one father's name in its forms (GRIGORYEVICH ~ RYHORAVICH), of one gender. */
export function arePatronymicForms(a: string, b: string): boolean {
  if (a === b) return false;
  const [fa, fb] = [fatherOf(a), fatherOf(b)];
  if (!fa || !fb || fa.feminine !== fb.feminine || fa.stem === fb.stem) return false;
  if (!stems) {
    stems = new Map();
    for (const [i, group] of GIVEN_NAME_FORMS.entries())
      for (const form of group.split(" ")) {
        const stem = stemOf(form);
        stems.set(stem, (stems.get(stem) ?? new Set()).add(i));
      }
  }
  const [ga, gb] = [stems.get(fa.stem), stems.get(fb.stem)];
  return !!ga && !!gb && [...ga].some((group) => gb.has(group));
}
