import { describe, expect, it } from "vitest";
import { greekReadings } from "@/lib/engines/names/greek";
import { DEFAULT_WATCHLIST_THRESHOLD as T } from "@/lib/engines/names/score";
import { similarity } from "@/test/name-pairs";

describe("Greek names", () => {
  it("read in ELOT 743 first, then in the spellings lists use", () => {
    expect(greekReadings("Ομπάμα")[0]).toBe("OMBAMA");
    expect(greekReadings("Ομπάμα")).toContain("OBAMA");
    expect(greekReadings("Μπαράκ")[0]).toBe("BARAK");
    expect(greekReadings("Πούτιν")).toEqual(expect.arrayContaining(["POUTIN", "PUTIN"]));
    expect(greekReadings("Ευάγγελος")[0]).toBe("EVANGELOS");
    expect(greekReadings("Γιάννης")).toContain("YANNIS");
    expect(greekReadings("Ivan")).toEqual([]);
  });

  it("find foreign and Greek names written in Greek under their Latin spellings", () => {
    // read letter by letter by any-ascii, three were under the threshold (MPARAK OMPAMA 0, NTONALNT TRAMP 0.21,
    // GIANIS VAROYFAKIS 0.23; VLANTIMIR POYTIN 0.85)
    for (const [greek, latin] of [
      ["Μπαράκ Ομπάμα", "Barack Obama"],
      ["Ντόναλντ Τραμπ", "Donald Trump"],
      ["Βλαντιμίρ Πούτιν", "Vladimir Putin"],
      ["Γιάνης Βαρουφάκης", "Yanis Varoufakis"],
    ]) {
      expect(similarity(greek!, latin!), `${greek} ~ ${latin}`).toBeGreaterThanOrEqual(T);
    }
  });

  it("leave other people alone", () => {
    expect(similarity("Μπαράκ Ομπάμα", "Barak Obeid")).toBeLessThan(T);
    expect(similarity("Ντόναλντ Τραμπ", "Ronald Reagan")).toBeLessThan(T);
  });
});
