import table from "@/lib/engines/names/data/nicknames.json";

// Given names and their nicknames / diminutives (TED ~ THEODORE, BILL ~ WILLIAM), from the public table
// carltonnorthern/nicknames (names.csv at 21d75051, Apache-2.0: data/nicknames.LICENSE.txt), reshaped to
// data/nicknames.json: NAME → the names it has as nicknames. Related both ways; not transitive (ALEX ~ ALEXANDER and
// ALEX ~ ALEXANDRA do not make ALEXANDER ~ ALEXANDRA).

let related: Map<string, Set<string>> | null = null;

function relations(): Map<string, Set<string>> {
  if (related) return related;
  related = new Map();
  const add = (a: string, b: string) => {
    const set = related!.get(a) ?? new Set<string>();
    set.add(b);
    related!.set(a, set);
  };
  for (const [name, nicknames] of Object.entries(table as Record<string, string[]>))
    for (const nickname of nicknames) {
      add(name, nickname);
      add(nickname, name);
    }
  return related;
}

/** True when one is listed as a nickname or diminutive of the other. */
export function areNameVariants(a: string, b: string): boolean {
  return a !== b && (relations().get(a)?.has(b) ?? false);
}
