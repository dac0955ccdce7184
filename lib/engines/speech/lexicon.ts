import "server-only";
import { readFile } from "node:fs/promises";
import type { Lexicon } from "./statement-words";

// The recogniser's own pronouncing dictionary (Debian's pocketsphinx-en-us: CMUdict, ~135 000 words), read once:
// a statement word it lacks cannot be recognised, and two words with one pronunciation in common are the same
// word to the ear. Lines are "word PH ON ES" or "word(2) PH ON ES" for an alternative.

const cache = new Map<string, Promise<Lexicon>>();

export function loadLexicon(file: string): Promise<Lexicon> {
  let lexicon = cache.get(file);
  if (!lexicon) {
    lexicon = readFile(file, "utf8").then(parseLexicon);
    // a failed read is not cached: the package may be installed later without a restart
    lexicon.catch(() => cache.delete(file));
    cache.set(file, lexicon);
  }
  return lexicon;
}

export function parseLexicon(text: string): Lexicon {
  const entries = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, "");
    const phones = line.slice(space + 1).trim();
    const list = entries.get(word);
    if (list) list.push(phones);
    else entries.set(word, [phones]);
  }
  return { pronunciations: (word) => entries.get(word) };
}
