import { describe, expect, it } from "vitest";
import { COMMON_WORDS } from "./common-words";
import { statementGrammar } from "./statement-grammar";

// the alternatives of one rule: "<name> = /w/ a | /w/ b ;" → [{ weight, word }]
function alternatives(grammar: string, rule: string) {
  const line = grammar.split("\n").find((l) => l.startsWith(`<${rule}> = `));
  if (!line) throw new Error(`no rule <${rule}>`);
  return line
    .slice(rule.length + 5, -2)
    .split(" | ")
    .map((alt) => {
      const [, weight, word] = /^\/([\d.]+)\/ (\S+)$/.exec(alt)!;
      return { weight: Number(weight), word: word! };
    });
}

describe("statement grammar", () => {
  const words = "i agree to open an account with the bank".split(" ");
  const grammar = statementGrammar(words);

  it("is a JSGF loop over the statement's words and a garbage branch", () => {
    expect(grammar.startsWith("#JSGF V1.0;\ngrammar statement;\n")).toBe(true);
    expect(grammar).toContain("public <utt> = ( <statement> | <garbage> )* ;");
    expect(alternatives(grammar, "statement")).toEqual(words.map((word) => ({ weight: 1, word })));
  });

  it("absorbs other speech with the model's most probable words, never the statement's own", () => {
    const garbage = alternatives(grammar, "garbage");
    const names = garbage.map((g) => g.word);
    // 300 common words less the statement's words among them
    expect(names.length).toBeGreaterThan(280);
    expect(names.length).toBeLessThan(300);
    for (const word of words) expect(names).not.toContain(word);
    expect(names).toContain("you");
    expect(names).toContain("of");
    // weighted by the unigram probability, the whole branch weighing 1 like one statement word
    expect(garbage.reduce((s, g) => s + g.weight, 0)).toBeCloseTo(1, 3);
    expect(garbage[0]!.weight).toBeGreaterThan(garbage.at(-1)!.weight);
    expect(statementGrammar(words, { garbageWords: 20, garbageWeight: 3 })).not.toContain(names[25]);
  });

  it("keeps words that would break the grammar out of it", () => {
    const odd = statementGrammar(["don't", "a;b", "<x>", "bank"]);
    expect(alternatives(odd, "statement").map((a) => a.word)).toEqual(["don't", "bank"]);
    expect(() => statementGrammar(["1;2"])).toThrow(/at least one word/);
  });

  it("takes its garbage words from the model's unigrams, most probable first", () => {
    expect(COMMON_WORDS).toHaveLength(300);
    expect(COMMON_WORDS[0]).toEqual({ word: "the", log10: -1.3895 });
    for (let i = 1; i < COMMON_WORDS.length; i++)
      expect(COMMON_WORDS[i]!.log10).toBeLessThanOrEqual(COMMON_WORDS[i - 1]!.log10);
  });
});
