// Made-up names for the screening benchmarks: pronounceable, deterministic for a seed (mulberry32), so every run
// screens the same list and the same queries.

const ONSETS = [
  "b",
  "d",
  "f",
  "g",
  "k",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "t",
  "v",
  "z",
  "br",
  "dr",
  "kr",
  "st",
  "sh",
  "ch",
];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ei", "ou"];
const CODAS = ["", "", "n", "r", "l", "s", "k", "m", "nd", "rt"];

export function syntheticNames(seed: number, extraOnsets: readonly string[] = []) {
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const onsets = [...ONSETS, ...extraOnsets];
  const word = (syllables: number) => {
    let w = "";
    for (let i = 0; i < syllables; i++) w += pick(onsets) + pick(VOWELS) + pick(CODAS);
    return w[0]!.toUpperCase() + w.slice(1);
  };
  return { rand, pick, word };
}
