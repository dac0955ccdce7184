import { describe, expect, it } from "vitest";
import type { EarlierStep, StoredInput } from "@/lib/checks/types";
import { subjectOf, watchlistCheck } from "@/lib/checks/watchlist-check/watchlist-check";

const text = (value: string): StoredInput => ({ type: "TEXT", value, fileId: null });
const inputs = (values: Record<string, string>) => new Map(Object.entries(values).map(([k, v]) => [k, text(v)]));
const documentStep = (data: Record<string, unknown>): EarlierStep => ({
  processType: "DOCUMENT_VERIFICATION",
  result: "APPROVED",
  data,
});

describe("subjectOf", () => {
  it("takes name and date of birth from the document step when it read them", () => {
    expect(
      subjectOf({
        inputs: inputs({ FULL_NAME: "Typed Name" }),
        earlierSteps: [documentStep({ full_name: " Ivan Fiktivov ", date_of_birth: "1961-04-02" })],
      }),
    ).toEqual({
      fullName: "Ivan Fiktivov",
      dateOfBirth: "1961-04-02",
      nationality: null,
      gender: null,
      source: "DOCUMENT_VERIFICATION",
      dobSource: "DOCUMENT_VERIFICATION",
      unreadableDob: null,
      cutWords: [],
    });
  });

  it("takes a verified wallet credential's name (issue 34), never a declined one's", () => {
    const credential = (result: "APPROVED" | "DECLINED"): EarlierStep => ({
      processType: "DIGITAL_CREDENTIAL",
      result,
      data: { full_name: "Erika Mustermann", date_of_birth: "1984-08-12", nationality: "DE" },
    });
    expect(subjectOf({ inputs: new Map(), earlierSteps: [credential("APPROVED")] })).toMatchObject({
      fullName: "Erika Mustermann",
      dateOfBirth: "1984-08-12",
      nationality: "DE",
      source: "DIGITAL_CREDENTIAL",
    });
    expect(subjectOf({ inputs: new Map(), earlierSteps: [credential("DECLINED")] }).fullName).toBeNull();
  });

  it("takes the gender the document states, M or F only", () => {
    const of = (sex: unknown) =>
      subjectOf({ inputs: new Map(), earlierSteps: [documentStep({ full_name: "Ana Lopes", sex })] }).gender;
    expect(of("F")).toBe("F");
    expect(of("M")).toBe("M");
    expect(of("X")).toBeNull();
    expect(of(null)).toBeNull();
  });

  it("takes the last word of a name the document's zone filled to its end as perhaps cut there", () => {
    // TD1: 30 characters of name; MARIA GUADALUPE ESPERANZA FICTICIA does not fit, ICAO 9303 cuts it
    const mrz = (format: string, name: string) => ({
      format,
      lines: ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", name],
    });
    const cutWords = (data: Record<string, unknown>) =>
      subjectOf({ inputs: new Map(), earlierSteps: [documentStep({ full_name: "MARIA ESPE FICTICIA", ...data })] })
        .cutWords;
    expect(cutWords({ mrz: mrz("TD1", "FICTICIA<<MARIA<GUADALUPE<ESPE") })).toEqual(["ESPE"]);
    // room left, or a last word of one letter (an initial is compared as one), or no zone: nothing cut
    expect(cutWords({ mrz: mrz("TD1", "FICTICIA<<MARIA<ESPERANZA<<<<<") })).toEqual([]);
    expect(cutWords({ mrz: mrz("TD1", "FICTICIA<<MARIA<GUADALUPE<ES<E") })).toEqual([]);
    expect(cutWords({ mrz: null })).toEqual([]);
    expect(cutWords({ mrz: { format: "TD1", lines: "FICTICIA<<MARIA<GUADALUPE<ESPE" } })).toEqual([]);
    // the old French card: 14 characters of given names, 25 of surname
    const french = {
      format: "FRENCH_NATIONAL_ID",
      lines: ["IDFRAFICTICIA<<<<<<<<<<<<<<<<<075123", "9409923102854MARIE<<GUADALU6512068F6"],
    };
    expect(cutWords({ mrz: french })).toEqual(["GUADALU"]);
    // a typed name is not the zone's
    expect(
      subjectOf({
        inputs: inputs({ FULL_NAME: "Maria Espe Ficticia" }),
        earlierSteps: [
          { processType: "LIVENESS", result: "APPROVED", data: { mrz: mrz("TD1", "A<<BCDEFGHIJKLMNOPQRSTUVWXYZAB") } },
        ],
      }).cutWords,
    ).toEqual([]);
  });

  it("takes the birth year a zone prints beside an unknown month or day, where the step has no date of birth", () => {
    const now = new Date("2026-12-07T00:00:00Z");
    const td3 = (birth: string) => ({
      format: "TD3",
      lines: ["P<AFGRAHIMI<<AHMAD<<<<<<<<<<<<<<<<<<<<<<<<<<<", `P012345674AFG${birth}5M3012315<<<<<<<<<<<<<<04`],
    });
    const dob = (birth: string, data: Record<string, unknown> = {}) =>
      subjectOf({
        inputs: new Map(),
        now,
        earlierSteps: [documentStep({ full_name: "AHMAD RAHIMI", date_of_birth: null, mrz: td3(birth), ...data })],
      });
    expect(dob("8501<<")).toMatchObject({ dateOfBirth: "1985", dobSource: "DOCUMENT_VERIFICATION" });
    expect(dob("85<<<<").dateOfBirth).toBe("1985");
    // a year not after today: 26 is 2026 at the latest, 27 is 1927
    expect(dob("27<<<<").dateOfBirth).toBe("1927");
    // nothing known, a whole date (the step's own date_of_birth decides), or the step read a date: no year from here
    expect(dob("<<<<<<").dateOfBirth).toBeNull();
    expect(dob("850115").dateOfBirth).toBeNull();
    expect(dob("8501<<", { date_of_birth: "1985-01-15" }).dateOfBirth).toBe("1985-01-15");
    const td1 = {
      format: "TD1",
      lines: ["I<UTOD231458907<<<<<<<<<<<<<<<", "8501<<7F1204159UTO<<<<<<<<<<<6", "RAHIMI<<AHMAD<<<<<<<<<<<<<<<<<"],
    };
    expect(dob("", { mrz: td1 }).dateOfBirth).toBe("1985");
  });

  it("falls back to the FULL_NAME / DATE_OF_BIRTH inputs", () => {
    const fromInputs = subjectOf({
      inputs: inputs({ FULL_NAME: "Jane Doe", DATE_OF_BIRTH: "1990-01-31" }),
      earlierSteps: [documentStep({ automated: false })],
    });
    expect(fromInputs).toMatchObject({
      fullName: "Jane Doe",
      dateOfBirth: "1990-01-31",
      source: "INPUTS",
      dobSource: "INPUTS",
    });
    // a document that read a name but no date of birth: the typed date is still the applicant's statement
    expect(
      subjectOf({
        inputs: inputs({ DATE_OF_BIRTH: "1990-01-31" }),
        earlierSteps: [documentStep({ full_name: "Jane Doe" })],
      }),
    ).toMatchObject({ source: "DOCUMENT_VERIFICATION", dobSource: "INPUTS" });
  });

  it("has no name when neither supplies one, and keeps an unreadable date out of scoring", () => {
    expect(subjectOf({ inputs: new Map(), earlierSteps: [] })).toEqual({
      fullName: null,
      dateOfBirth: null,
      nationality: null,
      gender: null,
      source: null,
      dobSource: null,
      unreadableDob: null,
      cutWords: [],
    });
    expect(
      subjectOf({
        inputs: inputs({ FULL_NAME: "  ", DATE_OF_BIRTH: "31/01/1990" }),
        earlierSteps: [documentStep({ full_name: 42 })],
      }),
    ).toEqual({
      fullName: null,
      dateOfBirth: null,
      nationality: null,
      gender: null,
      source: null,
      dobSource: null,
      unreadableDob: "31/01/1990",
      cutWords: [],
    });
  });
});

describe("watchlistCheck", () => {
  it("is WATCHLIST_CHECK and runs after the document and credential steps", () => {
    expect(watchlistCheck.type).toBe("WATCHLIST_CHECK");
    expect(watchlistCheck.dependsOn).toEqual(["DOCUMENT_VERIFICATION", "DIGITAL_CREDENTIAL"]);
  });
});
