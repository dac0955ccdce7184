// talisman ships CommonJS without type declarations; only the metric this module uses is declared.
declare module "talisman/metrics/jaro-winkler" {
  const jaroWinkler: (a: string, b: string) => number;
  export default jaroWinkler;
}
declare module "talisman/metrics/levenshtein" {
  const levenshtein: (a: string, b: string) => number;
  export default levenshtein;
}
declare module "talisman/metrics/damerau-levenshtein" {
  const damerauLevenshtein: (a: string, b: string) => number;
  export default damerauLevenshtein;
  /** the distance where it is at most `max`; Infinity beyond it (rows past the bound are not computed) */
  export const limited: (max: number, a: string, b: string) => number;
}
