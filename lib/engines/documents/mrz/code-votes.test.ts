import { describe, expect, it } from "vitest";
import { td3Candidate } from "@/test/mrz-candidate";
import { codesByVariants } from "./code-votes";
import { readingHolds } from "./mrz-lines";

// PassportEye's US employment authorization card (100_id-usa, development half) at 0.75×: PaddleOCR's reading held
// with the nationality OOO; three tesseract variants read COD there and held in no other line.
const LINE_1 = "IAUSA0000000033LIN1044750079<<";
const LINE_3 = "SPECIMEN<<TEST<VOID<<<<<<<<<<<";
const line2 = (nationality: string) => `5808175F1004027${nationality}<<<<<<<<<<<7`;
const td1 = (variant: string, nationality: string, first = LINE_1) =>
  td3Candidate(variant, [first, line2(nationality), LINE_3], "TD1");
// a variant whose number line went wrong: it still read the nationality
const variant = (name: string, nationality: string) => td1(name, nationality, "IAUSA0000O0O033LIN1044750079<<");

describe("codesByVariants (a state code no check digit covers)", () => {
  it("takes the known code most variants read where the chosen reading's is no state", () => {
    const best = td1("paddleocr", "OOO");
    const out = codesByVariants(best, [variant("a", "COD"), variant("b", "COD"), variant("c", "COD"), best]);
    expect(out.lines[1]).toBe(line2("COD"));
    expect(readingHolds(out.result)).toBe(true);
    expect(out.repairs.at(-1)).toBe(
      "nationality OOO → COD (the code the tesseract variants read, or the zone's other code one character from it)",
    );
  });

  it("leaves a known code, an unknown code the variants read alike, and a minority's code alone", () => {
    const known = td1("paddleocr", "CAN");
    expect(codesByVariants(known, [variant("a", "COD"), variant("b", "COD")])).toBe(known);
    // a specimen's fictional state (Utopia): the variants read it too
    const fictional = td1("paddleocr", "UTO");
    expect(codesByVariants(fictional, [variant("a", "UTO"), variant("b", "UTO")])).toBe(fictional);
    // two of five is no majority; one alone is too few
    const best = td1("paddleocr", "OOO");
    const split = ["COD", "COD", "CIV", "OOD", "CDD"].map((n, i) => variant(`v${i}`, n));
    expect(codesByVariants(best, split)).toBe(best);
    expect(codesByVariants(best, [variant("a", "COD")])).toBe(best);
  });

  it("takes the zone's other code where the variants' code is one character from it", () => {
    // PassportEye's Taiwanese passport at 0.85×: its issuer read WNL, by the variants TUN (Tunisia); its nationality TWN
    const line2 = "M000004264TWN6803029M9801048F122187664<<<<66";
    const twn = (variant: string, issuer: string) =>
      td3Candidate(variant, [`P<${issuer}LIN<<CHIEN<SHENG<<<<<<<<<<<<<<<<<<<<<<<`, line2]);
    const best = twn("paddleocr", "WNL");
    const out = codesByVariants(best, [twn("a", "TUN"), twn("b", "TUN"), twn("c", "THN"), best]);
    expect(out.lines[0]).toBe("P<TWNLIN<<CHIEN<SHENG<<<<<<<<<<<<<<<<<<<<<<<");
  });

  it("gives the other unknown code the code the variants settled, where it is ≤ 2 characters from it", () => {
    // the development half's Japanese passport at 0.85×: its issuer read JP3 (the variants: JPN), its nationality 3PN
    const japan = (variant: string, issuer: string, nationality: string) =>
      td3Candidate(variant, [
        `P<${issuer}GAIMU<<SAKURA<<<<<<<<<<<<<<<<<<<<<<<<<<`,
        `XS12345673${nationality}7902206F1603202<<<<<<<<<<<<<<02`,
      ]);
    const best = japan("paddleocr", "JP3", "3PN");
    const voters = [japan("a", "JPN", "3PN"), japan("b", "JPN", "JP3"), japan("c", "JPN", "8PN")];
    const out = codesByVariants(best, [...voters, best]);
    expect(out.lines[0]!.slice(2, 5)).toBe("JPN");
    expect(out.lines[1]!.slice(10, 13)).toBe("JPN");
    expect(out.repairs.at(-1)).toBe(
      "issuing state JP3 → JPN, nationality 3PN → JPN (the code the tesseract variants read, and the zone's other code ≤ 2 characters from it)",
    );
    // three characters away: left as read
    const far = japan("paddleocr", "JP3", "ZZZ");
    expect(
      codesByVariants(far, [japan("a", "JPN", "ZZZ"), japan("b", "JPN", "ZZZ"), far]).lines[1]!.slice(10, 13),
    ).toBe("ZZZ");
  });

  it("counts neither PaddleOCR's other readings nor the chosen reading itself", () => {
    const best = td1("x", "OOO");
    const paddle = td1("paddleocr", "COD");
    expect(codesByVariants(best, [best, paddle, variant("a", "COD")])).toBe(best);
  });
});
