import { describe, expect, it } from "vitest";
import { parseLexicon } from "./lexicon";
import { parseTimedOutput } from "./pocketsphinx";
import { heardInOrder, sameWord, scoreStatement, statementLanguage, wordsOf } from "./statement-words";

// a few lines in the format of Debian's cmudict-en-us.dict
const lexicon = parseLexicon(
  [
    "i AY",
    "agree AH G R IY",
    "to T UW",
    "to(2) T IH",
    "too T UW",
    "two T UW",
    "open OW P AH N",
    "an AE N",
    "account AH K AW N T",
    "with W IH DH",
    "the DH AH",
    "bank B AE NG K",
    "and AH N D",
    "that DH AE T",
    "am AE M",
    "person P ER S AH N",
    "this DH IH S",
    "is IH Z",
    "my M AY",
    "name N EY M",
    "la L AA",
    "personne P ER S OW N",
  ].join("\n"),
);
const heard = (text: string, confidence = 0.9) => text.split(" ").map((word) => ({ word, confidence }));

describe("statement words", () => {
  it("splits a statement into lower-case words, keeping apostrophes inside words", () => {
    expect(wordsOf("I’m  opening an account, with Example-Bank Ltd. on 29 November")).toEqual([
      "i'm",
      "opening",
      "an",
      "account",
      "with",
      "example",
      "bank",
      "ltd",
      "on",
      "29",
      "november",
    ]);
    expect(wordsOf("to(2) the")).toEqual(["to", "the"]);
  });

  it("counts an English statement as English and another language as not", () => {
    expect(statementLanguage("I agree to open an account with the bank and this is my name", lexicon)).toBe("en");
    expect(statementLanguage("Je suis la personne", lexicon)).toBe("other");
    expect(statementLanguage("", lexicon)).toBe("other");
  });

  it("hears homophones as the same word", () => {
    expect(sameWord("two", "too", lexicon)).toBe(true);
    expect(sameWord("to", "two", lexicon)).toBe(true);
    expect(sameWord("bank", "the", lexicon)).toBe(false);
  });

  it("counts the statement's words heard in order only", () => {
    const same = (a: string, b: string) => a === b;
    expect(heardInOrder(["a", "b", "c"], ["x", "a", "y", "b", "c"], same)).toBe(3);
    expect(heardInOrder(["a", "b", "c"], ["c", "b", "a"], same)).toBe(1);
    expect(heardInOrder(["a", "b"], [], same)).toBe(0);
  });

  it("scores the share heard and leaves out numbers and words the recogniser cannot know", () => {
    const score = scoreStatement(
      "I agree to open an account with Zorblax bank on 29",
      heard("i agree too open the account with the bank"),
      lexicon,
    );
    expect(score.words).toEqual(["i", "agree", "to", "open", "an", "account", "with", "bank"]);
    expect(score.unchecked).toEqual(["zorblax", "on", "29"]);
    // "an" was heard as "the": 7 of 8
    expect(score.heard).toBe(7);
    expect(score.share).toBeCloseTo(7 / 8);
    expect(score.confidence).toBeCloseTo(0.9);
    const other = scoreStatement("I agree to open an account with the bank", heard("my name is this", 0.5), lexicon);
    expect(other.share).toBe(0);
    expect(other.confidence).toBeCloseTo(0.5);
  });

  it("reads the recogniser's timed output, without sentence marks, silences and fillers", () => {
    const output = [
      "i agree to open",
      "<s> 0.000 0.020 0.999800",
      "i 0.030 0.380 0.638935",
      "<sil> 0.390 0.490 0.773190",
      "agree(2) 0.500 0.790 0.878434",
      "[NOISE] 0.800 0.900 0.500000",
      "++UM++ 0.900 1.000 0.500000",
      // a grammar's empty transition
      "(NULL) 1.000 1.000 1.000000",
      "</s> 2.000 2.020 1.000000",
    ].join("\n");
    expect(parseTimedOutput(output)).toEqual([
      { word: "i", start: 0.03, end: 0.38, confidence: 0.638935 },
      { word: "agree", start: 0.5, end: 0.79, confidence: 0.878434 },
    ]);
  });
});
