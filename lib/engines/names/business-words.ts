/**
 * Rewrites a name's business words (a table of them → their English words) as those English words, apart from the
 * words around them; the longest written word first where two overlap (有限公司 before 公司).
 */
export function businessWordsRewriter(words: Readonly<Record<string, string>>): (name: string) => string {
  const pattern = new RegExp(
    Object.keys(words)
      .sort((a, b) => b.length - a.length)
      .join("|"),
    "gu",
  );
  return (name) => name.replace(pattern, (word) => ` ${words[word]} `);
}
