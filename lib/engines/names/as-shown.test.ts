import { describe, expect, it } from "vitest";
import { asShown } from "@/lib/engines/names/as-shown";
import { unmaskLookalikes } from "@/lib/engines/names/evasion";
import { DEFAULT_WATCHLIST_THRESHOLD as T, STRONG_MATCH_THRESHOLD } from "@/lib/engines/names/score";
import { blocks, similarity } from "@/test/name-pairs";

const RLO = "\u202E";
const PDF = "\u202C";
const RLE = "\u202B";
const backwards = (s: string) => [...s].reverse().join("");
const tags = (s: string) => [...s].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join("");

// Names a reviewer reads whole while their characters spell something else (issue 30, eighteenth round). Before
// this round each of these scored 0.25 or less, or was never looked at (no blocking key shared).
describe("a name as a reader sees it", () => {
  it.each([
    // a right-to-left override shows the characters after it reversed
    ["an override inside the surname", `Vladimir P${RLO}${backwards("utin")}`, "Vladimir Putin"],
    ["the whole name under an override", `${RLO}${backwards("Vladimir Putin")}`, "Vladimir Putin"],
    ["an override closed by PDF", `Ramzan ${RLO}${backwards("Kadyrov")}${PDF}`, "Ramzan Kadyrov"],
    // characters with no ink
    ["tag characters inside a word", `Vladimir Pu${tags("zqxj")}tin`, "Vladimir Putin"],
    ["enclosing marks on every letter", "Vladimir P\u0489u\u0489t\u0489i\u0489n\u0489", "Vladimir Putin"],
    ["an emoji inside a word", "Vladimir Pu\u{1F525}tin", "Vladimir Putin"],
    // letters of other scripts drawn like Latin ones
    ["a Cherokee letter for P", "Vladimir \u13E2utin", "Vladimir Putin"],
    ["a Cherokee letter for L", "Osama bin \u13DEaden", "Osama bin Laden"],
  ])("%s: %s is %s, and findable", (_, written, listed) => {
    expect(similarity(written, listed)).toBeGreaterThanOrEqual(STRONG_MATCH_THRESHOLD);
    expect(blocks(written, listed)).toBe(true);
  });

  it("finds an organisation whose name is shown reversed", () => {
    expect(similarity(`${RLO}${backwards("Rosneft")}`, "Rosneft", "ORGANIZATION")).toBeGreaterThanOrEqual(
      STRONG_MATCH_THRESHOLD,
    );
    expect(similarity("Rosneft\u2122", "Rosneft", "ORGANIZATION")).toBe(1);
  });

  it("reads a right-to-left name inside an embedding as typed", () => {
    expect(asShown(`${RLE}حسن روحاني${PDF}`)).toEqual({ shown: "حسن روحاني", typed: null });
    expect(asShown(`Ali \u2067خامنه‌ای\u2069`).shown).toBe("Ali خامنه‌ای");
    expect(similarity(`${RLE}حسن روحاني${PDF}`, "Hassan Rouhani")).toBeGreaterThanOrEqual(STRONG_MATCH_THRESHOLD);
  });

  it("keeps both orders where an override reorders, and leaves other names alone", () => {
    expect(asShown(`P${RLO}nitu`)).toEqual({ shown: "Putin", typed: "Pnitu" });
    expect(asShown("Vladimir Putin")).toEqual({ shown: "Vladimir Putin", typed: null });
    // a letter in a box is a letter; a flag is a space
    expect(asShown("\u{1F17F}utin \u{1F1F7}\u{1F1FA}").shown.trim()).toBe("\u{1F17F}utin");
    // a Cyrillic word, a Cherokee word with letters drawn after no Latin one: as they are
    expect(unmaskLookalikes("Путин")).toBe("Путин");
    expect(unmaskLookalikes("ᏣᎳᎩ")).toBe("ᏣᎳᎩ");
  });

  // nineteenth round: every regional indicator was a space, so PUTIN in boxed letters was left out of the name
  it("shows regional indicators that pair into no flag as the letters in boxes a device shows", () => {
    const boxed = (s: string, between = "") =>
      [...s].map((c) => String.fromCodePoint(0x1f1a5 + c.charCodeAt(0))).join(between);
    // PU, TI, N: no country's code
    expect(asShown(`${boxed("PUTIN")} Vladimir`).shown).toBe("PUTIN Vladimir");
    expect(similarity(`${boxed("PUTIN")} Vladimir`, "Vladimir Potanin")).toBeLessThan(T);
    // a zero-width space keeps each apart: a letter, whatever pair it would have made (IR, Iran's flag)
    expect(similarity(`Vladimir ${boxed("PUTIN", "\u200B")}`, "Vladimir Putin")).toBe(1);
    expect(asShown(`Amir ${boxed("IR")} Hosseini`).shown).toBe("Amir   Hosseini");
    // a flag stays a flag
    expect(asShown(`Ivan Petrov ${boxed("RU")}`).shown).toBe("Ivan Petrov  ");
  });

  it("does not make other people match", () => {
    expect(similarity("Nitup Vladimir", "Vladimir Putin")).toBeLessThan(T);
    expect(similarity("Ramzan \u13E2utin", "Vladimir Putin")).toBeLessThan(T);
    expect(similarity(`Kim Jong ${RLO}${backwards("Chol")}${PDF}`, "Kim Jong Un")).toBeLessThan(T);
  });
});
