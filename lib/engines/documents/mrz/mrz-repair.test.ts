import { describe, expect, it } from "vitest";
import { paddleBox } from "@/test/mrz-candidate";
import { checkDigit } from "./icao";
import { repairLines } from "./mrz-repair";
import type { ShapeLookup } from "./glyphs";
import { compositeHolds } from "./mrz-layout";
import { paddleTexts, pickMrzLines, readingHolds, safeParse, trimJunk } from "./mrz-lines";
import { printedZone } from "@/lib/engines/documents/ocr/printed-zone";
import { candidateOf } from "./mrz-candidates";

// a generated TD3 of the evaluation set (tools/eval/make-documents.ts)
const L1 = "P<NLDVAN<DER<BERG<<ANNA<MARIA<<<<<<<<<<<<<<<";
const L2 = "WH055N4866NLD9206285F3208047<<<<<<<<<<<<<<<2";
const box = (y: number) => paddleBox(y, 100);

describe("paddleTexts (PaddleOCR fallback lines)", () => {
  it("keeps the MRZ-shaped lines top to bottom, with spaces and « normalised", () => {
    const lines = [
      { text: L2.replace("<<<<<2", "«««««2"), mean: 0.9, box: box(50) },
      { text: "PASSPORT/PASSEPORT", mean: 0.9, box: box(0) },
      { text: L1.replace("BERG", "BE RG").toLowerCase(), mean: 0.9, box: box(40) },
    ];
    expect(paddleTexts(lines)).toEqual([`${L1}\n${L2}`]);
    expect(paddleTexts([{ text: "Date of expiry" }])).toEqual([]);
  });

  it("offers runs of ≥ 3 K at fillers as '<' as a second variant only", () => {
    const read = L1.replace("<<<<<<<<<<<<<<<", "<<<<<<<<<<<<KKK");
    expect(
      paddleTexts([
        { text: read, box: box(0) },
        { text: L2, box: box(10) },
      ]),
    ).toEqual([`${read}\n${L2}`, `${L1}\n${L2}`]);
  });

  it("a reading is valid only when its check digits hold: a wrong document-number digit stays invalid", () => {
    const zone = printedZone([]);
    expect(candidateOf("paddleocr", `${L1}\n${L2}`, 90, zone)?.result.valid).toBe(true);
    expect(candidateOf("paddleocr", `${L1}\n${L2.replace("WH055N4866", "WH055N4867")}`, 90, zone)?.result.valid).toBe(
      false,
    );
  });
});

describe("real layouts the generated set lacks", () => {
  // ICAO 9303-7's specimen visa (MRV-A), as printed on PassportEye's US immigrant-visa test image
  const V1 = "VIUSATRAVELER<<HAPPYPERSON<<<<<<<<<<<<<<<<<<";
  const V2 = "555123ABC6GBR6502056F0412236IFLNDOOAMS803085";

  it("parses a machine-readable visa: no composite digit, optional data unprotected", () => {
    const r = safeParse([V1, V2])!;
    expect(r.valid).toBe(true);
    expect(r.fields).toMatchObject({
      documentCode: "VI",
      issuingState: "USA",
      lastName: "TRAVELER",
      documentNumber: "555123ABC",
      birthDate: "650205",
      expirationDate: "041223",
    });
    // its document number's digit still counts
    expect(safeParse([V1, V2.replace("555123ABC6", "555123ABC7")])!.valid).toBe(false);
    expect(compositeHolds("TD3", [V1, V2])).toBe(true);
  });

  it("takes the MRZ, not a printed line of the same length above it", () => {
    const endorsement = "UPONENDORSEMENTSERVESASTEMPORARYI551EVIDENCIN";
    expect(pickMrzLines(`${endorsement}\n${V1}\n${V2}`)?.lines).toEqual([V1, V2]);
  });

  it("a state code outside the list (the specimen state UTO) does not make a reading whose digits hold invalid", () => {
    const uto = safeParse([
      "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ])!;
    expect(uto.valid).toBe(false);
    expect(readingHolds(uto)).toBe(true);
    expect(
      readingHolds(
        safeParse(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C37UTO7408122F1204159ZE184226B<<<<<10"])!,
      ),
    ).toBe(false);
  });

  it("keeps a number's L that holds against a printed 1: no check digit tells them apart, the page's OCR misreads it", () => {
    // ICAO 9303-7's specimen visa (MRV-A), as printed on the arg0s1080/mrz specimen: sent at 0.85× and 0.95× its
    // size, the page OCR read the printed number as 18988901C (docs/accuracy.md, "The same images at other sizes")
    const visa = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"];
    const page = printedZone(["VISA", "18988901C", "ERIKSSON ANNA MARIA"]);
    const { lines, repairs } = repairLines("TD3", visa, page);
    expect(lines).toEqual(visa);
    expect(repairs.join()).not.toContain("document number");
  });

  it("pads a first line PaddleOCR read in pieces, ordered by left edges on a tilted page", () => {
    const A2 = "PA09404097AUS8406077F1903212<17331334P<<<<08";
    // tilted: the long second line's right end rises above the short first line's top
    const tilted = [
      {
        text: A2,
        box: [
          [0, 120],
          [900, -20],
          [900, 0],
          [0, 140],
        ],
      },
      {
        text: "P<AUSCITIZEN<<JANE",
        box: [
          [0, 80],
          [300, 40],
          [300, 60],
          [0, 100],
        ],
      },
      {
        text: "<<<<<<",
        box: [
          [400, 20],
          [500, 5],
          [500, 25],
          [400, 40],
        ],
      },
    ];
    expect(paddleTexts(tilted)).toEqual([`${"P<AUSCITIZEN<<JANE".padEnd(44, "<")}\n${A2}`]);
    // a short line that is no MRZ first line is not padded
    expect(
      paddleTexts([
        { text: "AUSTRALIA", box: box(0) },
        { text: A2, box: box(10) },
      ]),
    ).toEqual([A2]);
  });
});

describe("lone letters after the given names", () => {
  it("reads lone letters each after '<<' past the given names as fillers, keeps an initial after one '<'", () => {
    const l1 = "I<BELILW22270C4<<<<<<<<<<<<<<<",
      l2 = "8708117M3601121BEL<<<<<<<<<<<6";
    expect(repairLines("TD1", [l1, l2, "WOODWARD<<MATTHIEU<<K<<K<<<<<<"], printedZone([])).lines[2]).toBe(
      "WOODWARD<<MATTHIEU<<<<<<<<<<<<",
    );
    expect(repairLines("TD1", [l1, l2, "WOODWARD<<MATTHIEU<K<<<<<<<<<<"], printedZone([])).lines[2]).toBe(
      "WOODWARD<<MATTHIEU<K<<<<<<<<<<",
    );
  });
});

describe("trimJunk (a speck read beyond the ends of a line)", () => {
  it("drops a stray first character before the document code, and a letter after the composite digit", () => {
    expect(trimJunk(0, `2${L1}`, 44)).toEqual({ line: L1, offset: 1 });
    expect(trimJunk(1, `${L2}T`, 44)).toEqual({ line: L2, offset: 0 });
  });

  it("leaves lines of the right length, and real characters, alone", () => {
    expect(trimJunk(0, L1, 44)).toEqual({ line: L1, offset: 0 });
    expect(trimJunk(1, `${L2}<`, 44)).toEqual({ line: `${L2}<`, offset: 0 });
    expect(pickMrzLines(`2${L1}\n${L2}T`)).toMatchObject({ format: "TD3", lines: [L1, L2], offsets: [1, 0] });
  });
});

describe("pickMrzLines: a line of printed text above a TD1", () => {
  // ICAO 9303-5's TD1 example, its document code's I read as 1, under a line of noise of the same length
  const td1 = ["1<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
  const noise = "TVRQX48LNPWBHMK2ZRYDOUJ7EFSAGC";

  it("takes the group whose dates line sits where the layout puts it, not the one shifted by a line", () => {
    expect(pickMrzLines([noise, ...td1].join("\n"))?.lines).toEqual(td1);
  });

  it("still takes the only group there is", () => {
    expect(pickMrzLines([noise, td1[0], td1[1]].join("\n"))).toMatchObject({
      format: "TD1",
      raw: [noise, td1[0], td1[1]],
    });
  });
});

describe("repairLines: the document code", () => {
  const card = (code: string) => [
    `${code}USA0223456791EAC9730053465<<`,
    "4910040M9411014CAN<<<<<<<<<<<9",
    "CRITTENDEN<<LEE<W<<<<<<<<<<<<<",
  ];
  it("keeps a digit a card's issuer prints as the code's second character (US permanent resident card: C1)", () => {
    const { lines, repairs } = repairLines("TD1", card("C1"), printedZone([]));
    expect(lines[0]).toBe(card("C1")[0]);
    expect(repairs.join(" ")).not.toContain("Document code");
  });
  it("still reads a 0 there as the letter it is misread for", () => {
    expect(repairLines("TD1", card("I0"), printedZone([])).lines[0]!.slice(0, 2)).toBe("IO");
  });
});

describe("repairLines: names", () => {
  it("snaps a name token to the one printed word a letter away, unless the glyph there says otherwise", () => {
    const misread = L1.replace("MARIA", "MARLA");
    const zone = printedZone(["VAN DER BERG", "ANNA MARIA"]);
    expect(repairLines("TD3", [misread, L2], zone).lines[0]).toBe(L1);
    // the page OCR misread the printed word; the MRZ glyph is clearly an I
    const printedWrong = printedZone(["VAN DER BERG", "ANNA MARLA"]);
    const looksLikeI: ShapeLookup = (line, position) =>
      line === 0 && position === L1.indexOf("MARIA") + 3
        ? new Map([
            ["I", 0.9],
            ["L", 0.5],
          ])
        : null;
    expect(repairLines("TD3", [L1, L2], printedWrong).lines[0]).toBe(misread);
    expect(repairLines("TD3", [L1, L2], printedWrong, looksLikeI).lines[0]).toBe(L1);
  });

  it("reads a lone letter after the fillers at the end of the name field as a filler", () => {
    const { lines, repairs } = repairLines("TD3", [`${L1.slice(0, -1)}I`, L2], printedZone([]));
    expect(lines[0]).toBe(L1);
    expect(repairs.join(" ")).toContain("trailing I");
  });
});

describe("repairLines: the end of the name field", () => {
  it("reads letters running to the end after three fillers as fillers, and keeps real given names", () => {
    const tail = "P<PRTVAN<DER<BERG<<INGRID<<<<<<<<<IIIIIIIIII";
    const fixed = "P<PRTVAN<DER<BERG<<INGRID<<<<<<<<<<<<<<<<<<<";
    expect(repairLines("TD3", [tail, L2], printedZone([])).lines[0]).toBe(fixed);
    expect(repairLines("TD3", [fixed, L2], printedZone([])).lines[0]).toBe(fixed);
    expect(repairLines("TD3", [L1, L2], printedZone([])).lines[0]).toBe(L1);
  });

  it("keeps a given name cut to its initial at the end of a full field (ICAO's truncation)", () => {
    // a Spanish card's zone, every check digit holding
    const l1 = `I<ESPBAA000589${checkDigit("BAA000589")}<<<<<<<<<<<<<<<`;
    const dates = `800101${checkDigit("800101")}F310602${checkDigit("310602")}ESP<<<<<<<<<<<`;
    const l2 = dates + checkDigit(l1.slice(5) + dates.slice(0, 7) + dates.slice(8, 15) + dates.slice(18));
    expect(compositeHolds("TD1", [l1, l2, ""])).toBe(true);
    const truncated = "GONZALEZ<DE<LA<FUENTE<PEREZ<<M";
    const { lines, repairs } = repairLines("TD1", [l1, l2, truncated], printedZone([]));
    expect(lines[2]).toBe(truncated);
    expect(repairs.join(" ")).not.toContain("trailing");
    // the same letter after a second '<<' is past the given names: a misread filler
    expect(repairLines("TD1", [l1, l2, "GONZALEZ<DE<LA<FUENTE<<MARI<<X"], printedZone([])).lines[2]).toBe(
      "GONZALEZ<DE<LA<FUENTE<<MARI<<<",
    );
  });

  it("reads lone letters among the fillers past the name's end as fillers, wherever they stand", () => {
    const noisy = "P<PRTVAN<DER<BERG<<INGRID<<<<<<<<<<V<<<S<<<<";
    const fixed = "P<PRTVAN<DER<BERG<<INGRID<<<<<<<<<<<<<<<<<<<";
    const { lines, repairs } = repairLines("TD3", [noisy, L2], printedZone([]));
    expect(lines[0]).toBe(fixed);
    expect(repairs.join(" ")).toContain("VS among the fillers");
    // a given name after '<<' and an initial after '<' are the name, not fillers
    const initial = "P<PRTVAN<DER<BERG<<INGRID<A<<<<<<<<<<<<<<<<<";
    expect(repairLines("TD3", [initial, L2], printedZone([])).lines[0]).toBe(initial);
  });
});

describe("pickMrzLines: a name line whose end OCR lost", () => {
  const cut = "P<PRTVAN<DER<BERG<<INGRID<<<<<<<<<V";
  const l2 = "SG041120Y4PRT0008165F3108114<<<<<<<<<<<<<<<6";

  it("is taken when it already ran into its trailing fillers, and filled up with them", () => {
    const picked = pickMrzLines(`${cut}\n${l2}`);
    expect(picked?.format).toBe("TD3");
    expect(repairLines("TD3", picked!.lines, printedZone([])).lines).toEqual([
      "P<PRTVAN<DER<BERG<<INGRID<<<<<<<<<<<<<<<<<<<",
      l2,
    ]);
  });

  it("is not taken when the cut falls inside the name", () => {
    expect(pickMrzLines(`P<PRTVAN<DER<BERG<<INGRID<MA\n${l2}`)).toBeNull();
  });
});

describe("PaddleOCR's filler runs (a 345-px TD1 card)", () => {
  const l1 = "I<PER70275722<2<<<<<<<<<<<<<<<",
    l2 = "8906120M2107165PER<<<<<<<<<<<8",
    l3 = "CARDENAS<<JORGE<ANTHONY<<<<<<<";

  it("pads a TD1 first line cut in its filler run when the two lines below are TD1's", () => {
    const lines = ["I<PER70275722<2<<<<<<<<", l2, l3].map((text, i) => ({ text, box: box(i * 10) }));
    expect(paddleTexts(lines)).toEqual([`${l1}\n${l2}\n${l3}`]);
    // not when the lines below are not TD1's
    expect(paddleTexts([lines[0]!, { text: L2, box: box(10) }])).toEqual([L2]);
  });

  it("reads optional data of one look-alike among fillers as fillers only when the composite then holds", () => {
    const read = l2.replace("<<<<<<<<<<<8", "<55555<55558");
    const { lines, repairs } = repairLines("TD1", [l1, read, l3], printedZone([]));
    expect(lines).toEqual([l1, l2, l3]);
    expect(repairs).toContain("optional data <55555<5555 → fillers (composite holds)");
    // a composite that fails with fillers too: the optional data stays as read
    const wrong = read.slice(0, -1) + "3";
    expect(repairLines("TD1", [l1, wrong, l3], printedZone([])).lines[1]).toBe(wrong);
    // optional data the composite holds with as read is the issuer's: untouched
    const printed = "8906120M2107165PER<55555<555" + "<";
    const composite = checkDigit(l1.slice(5, 30) + printed.slice(0, 7) + printed.slice(8, 15) + printed.slice(18, 29));
    const held = printed.slice(0, 29) + composite;
    expect(repairLines("TD1", [l1, held, l3], printedZone([])).lines[1]).toBe(held);
  });
});

describe("repairLines: the document number", () => {
  it("keeps a number whose digits hold against a printed look-alike no digit can see, where its glyph shows it", () => {
    // hard-46 of the generated hold-out set (seed 4242), a card under glare: the page OCR read its printed
    // PU116M1T8 as PU116M1TS (S weighs 28, 8 weighs 8: the same modulo 10, so both numbers keep every digit)
    const card = ["I<BELPU116M1T85<<<<<<<<<<<<<<<", "9710201M2802138BEL<<<<<<<<<<<0", "ROSSI<<LARS<<<<<<<<<<<<<<<<<<<"];
    const page = printedZone(["IDENTITY CARD", "ROSSI", "LARS", "PU116M1TS"]);
    const looksLike8: ShapeLookup = (line, position) =>
      line === 0 && position === 13
        ? new Map([
            ["8", 0.85],
            ["S", 0.66],
          ])
        : null;
    expect(repairLines("TD1", card, page, looksLike8).lines).toEqual(card);
    // without its glyph, the number printed on the page is taken, as before
    expect(repairLines("TD1", card, page).lines[0]).toBe("I<BELPU116M1TS5<<<<<<<<<<<<<<<");
  });
});
