import { describe, expect, it } from "vitest";
import { normalizeName, type NameKind, type NameToken } from "@/lib/engines/names/normalize";
import { cachedSpans, type Span } from "@/lib/engines/names/spans";
import {
  compareSpans,
  compareSpansKept,
  contextKeyOf,
  type CompareContext,
} from "@/lib/engines/names/token-similarity";

// compareSpansKept gives the answer compareSpans gives, for the query's span and any span of the same words: a
// screening meets the same word in many entries, each entry with its own objects, in any order

const PEOPLE = [
  "Vladimir Putin",
  "Владимир Путин",
  "Βλαδίμηρος Πούτιν",
  "فلاديمير بوتين",
  "Αλέξανδρος Παπαδόπουλος",
  "Mohammed Ali",
  "محمد علي",
  "Kim Jong Un",
  "김정은",
  "Xi Jinping",
  "习近平",
  "Ali Vellabati",
  "Sergei Viktorovich Lavrov",
  "Guadalupe Nunez",
  "V. Putin",
];
const ORGANISATIONS = ["Rosneft Oil Company PJSC", "Islamic Revolutionary Guard Corps", "IRGC", "Sberbank Rossii"];

const CONTEXTS: CompareContext[] = [
  { isAbjad: false, isChinese: false },
  { isAbjad: true, isChinese: false },
  { isAbjad: false, isChinese: true },
  { isAbjad: false, isChinese: false, isKorean: true },
  { isAbjad: false, isChinese: false, transcribed: "QUERY", transcriptionSystem: "PINYIN" },
  { isAbjad: false, isChinese: false, isOrganisation: true },
];

const spansOf = (name: string, kind: NameKind, isOrganisation: boolean) =>
  cachedSpans(normalizeName(name, kind).parts, isOrganisation);

describe("a comparison's answer kept for the words of the other side", () => {
  it("is the answer compareSpans gives, in every context, whichever entry's copy of a word came first", () => {
    let compared = 0;
    const differing: string[] = [];
    for (const context of CONTEXTS) {
      const isOrganisation = !!context.isOrganisation;
      const names = isOrganisation ? [...ORGANISATIONS, ...PEOPLE.slice(0, 4)] : PEOPLE;
      const kind: NameKind = isOrganisation ? "ORGANIZATION" : "PERSON";
      const key = contextKeyOf(context);
      const spans = names.map((name) => spansOf(name, kind, isOrganisation));
      // two entries with the same name: their spans are equal in content, other objects
      const others = spans.map((of) => [...of, ...structuredClone(of)]);
      for (const a of spans.flat())
        for (const b of others.flat()) {
          const [kept, answered] = [compareSpansKept(a, b, context, key), compareSpans(a, b, context)];
          if (kept.similarity !== answered.similarity || kept.reason !== answered.reason)
            differing.push(`${key} ${a.text} / ${b.text}: ${JSON.stringify(kept)} ≠ ${JSON.stringify(answered)}`);
          compared++;
        }
    }
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThan(5_000);
  });

  it("tells words apart by every property, not only by their letters", () => {
    const token = (isCut: boolean): NameToken => ({
      text: "GUAD",
      script: "LATIN",
      native: null,
      alts: [],
      isOptional: false,
      role: "NAME",
      ...(isCut ? { isCut } : {}),
    });
    const a: Span = { text: "GUADALUPE", tokens: [{ ...token(false), text: "GUADALUPE" }] };
    const context: CompareContext = { isAbjad: false, isChinese: false };
    const key = contextKeyOf(context);
    const whole = compareSpansKept(a, { text: "GUAD", tokens: [token(false)] }, context, key);
    // the same letters, the last word of a name field the passport's zone may have cut: another answer
    const cut = compareSpansKept(a, { text: "GUAD", tokens: [token(true)] }, context, key);
    expect(cut.reason).toBe("CUT_BY_ZONE");
    expect(whole.reason).not.toBe("CUT_BY_ZONE");
    // and the same span in another context is answered in that context
    const asOrganisation = { ...context, isOrganisation: true };
    expect(
      compareSpansKept(a, { text: "GUAD", tokens: [token(true)] }, asOrganisation, contextKeyOf(asOrganisation)),
    ).toEqual(compareSpans(a, { text: "GUAD", tokens: [token(true)] }, asOrganisation));
  });

  it("gives each caller its own answer to change", () => {
    const context: CompareContext = { isAbjad: false, isChinese: false };
    const [a] = spansOf("Vladimir", "PERSON", false);
    const [b] = spansOf("Vladimir", "PERSON", false);
    const first = compareSpansKept(a!, b!, context, contextKeyOf(context));
    first.similarity = 0;
    expect(compareSpansKept(a!, b!, context, contextKeyOf(context)).similarity).toBe(1);
  });
});
