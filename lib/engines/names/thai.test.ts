import { describe, expect, it } from "vitest";
import { laoAsThai, thaiReadings, withoutThaiTitle } from "@/lib/engines/names/thai";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { blocks, similarity } from "@/test/name-pairs";

// Thai public figures against the Latin spellings lists and news use for them. Written for this test from general
// knowledge, not taken from the evaluation's pairs; before the Thai readings (any-ascii letter by letter) five of
// them scored 0 to 0.25.
const THAI_NAMES: [string, string][] = [
  ["ทักษิณ ชินวัตร", "Thaksin Shinawatra"],
  ["ยิ่งลักษณ์ ชินวัตร", "Yingluck Shinawatra"], // 0.21 before
  ["แพทองธาร ชินวัตร", "Paetongtarn Shinawatra"], // 0.21
  ["ประยุทธ์ จันทร์โอชา", "Prayut Chan-o-cha"],
  ["ประยุทธ์ จันทร์โอชา", "Prayuth Chan-ocha"],
  ["อภิสิทธิ์ เวชชาชีวะ", "Abhisit Vejjajiva"], // 0 and not findable
  ["สมชาย วงศ์สวัสดิ์", "Somchai Wongsawat"], // 0.21
  ["เศรษฐา ทวีสิน", "Srettha Thavisin"], // 0.21
  ["ประวิตร วงษ์สุวรรณ", "Prawit Wongsuwan"],
  ["ชวน หลีกภัย", "Chuan Leekpai"],
  ["สุรยุทธ์ จุลานนท์", "Surayud Chulanont"],
  ["นายทักษิณ ชินวัตร", "Thaksin Shinawatra"], // the title นาย written joined to the name
];

describe("Thai names", () => {
  it("are read as lists spell them: the official RTGS, letter by letter, and in Pali values", () => {
    // the karan's letter is silent, a leading vowel is read after its consonant, a closing consonant as it sounds
    expect(thaiReadings("วงศ์สวัสดิ์")[0]).toBe("WONGTWAT"); // RTGS WONGSAWAT, by consonants W·NG·S·W·T
    expect(thaiReadings("ชินวัตร")).toEqual(expect.arrayContaining(["CHINWAT", "CHINWATR"]));
    expect(thaiReadings("เวชชาชีวะ")).toContain("VEJJAJIVA");
    expect(thaiReadings("ประยุทธ์")).toEqual(expect.arrayContaining(["PRAYUT", "PRAYUTH"]));
    expect(thaiReadings("Somchai")).toEqual([]);
    expect(withoutThaiTitle("นางสาวสมศรี")).toBe("สมศรี");
    expect(withoutThaiTitle("นาย")).toBe("นาย");
  });

  it("find Thai public figures under their Latin names", () => {
    for (const [query, listed] of THAI_NAMES) {
      expect(similarity(query, listed), `${query} ~ ${listed}`).toBeGreaterThanOrEqual(T);
      expect(blocks(query, listed), `${query} shares a blocking key with ${listed}`).toBe(true);
    }
  });

  it("leave other people with other names alone", () => {
    expect(similarity("สมชาย วงศ์สวัสดิ์", "Somchai Prasert")).toBeLessThan(T);
    expect(similarity("ทักษิณ ชินวัตร", "Thaksin Sukhumvit")).toBeLessThan(T);
    expect(similarity("ยิ่งลักษณ์ ชินวัตร", "Yingyong Chinnawong")).toBeLessThan(T);
    expect(similarity("ประยุทธ์ จันทร์โอชา", "Prayut Wongsuwan")).toBeLessThan(T);
  });
});

// Lao public figures, the same way (0.21–0.25 before: any-ascii letter by letter, leading vowels first)
const LAO_NAMES: [string, string][] = [
  ["ໄກສອນ ພົມວິຫານ", "Kaysone Phomvihane"],
  ["ທອງລຸນ ສີສຸລິດ", "Thongloun Sisoulith"],
  ["ຈູມມະລີ ໄຊຍະສອນ", "Choummaly Sayasone"],
  ["ພັນຄຳ ວິພາວັນ", "Phankham Viphavanh"],
  ["ທ້າວ ໄກສອນ ພົມວິຫານ", "Kaysone Phomvihane"], // the title ທ້າວ written apart
];

describe("Lao names", () => {
  it("are read by the Thai rules in the Thai letters Lao's correspond to, with Lao's own letters and V for W", () => {
    expect(laoAsThai("ໄກສອນ")).toBe("ไกสอน");
    expect(laoAsThai("ໄຊ")).toBe("ไซ"); // ຊ sounds S
    expect(laoAsThai("Kaysone")).toBe("Kaysone");
    for (const [query, listed] of LAO_NAMES) {
      expect(similarity(query, listed), `${query} ~ ${listed}`).toBeGreaterThanOrEqual(T);
      expect(blocks(query, listed), `${query} shares a blocking key with ${listed}`).toBe(true);
    }
    expect(similarity("ໄກສອນ ພົມວິຫານ", "Kaysone Sisoulith")).toBeLessThan(T);
  });
});
