import { describe, expect, it } from "vitest";
import { parseAamva, type AamvaReading } from "@/lib/engines/documents/barcode/aamva";
import { dataMismatches, readingMismatches, type AamvaLabel } from "./aamva-labels";

// What "every labelled field right" means (eval:aamva's figure): the label's own terms mapped onto our reading and
// the API's step data, with the few stated equivalences, and anything else wrong.

const text = [
  "@\n\x1e\rANSI 636001080002DL00410120ZN01610010DL",
  ["DAQNONE", "DCSRIVERA", "DACANA", "DADLUZ", "DBB07041990", "DBA07042031", "DBC2", "DAU065 IN", "DAYBRO"].join("\n"),
  ["DAG5 ELM ST", "DAIALBANY", "DAJNY", "DAK9850100007", "DCE3", "DDEN"].join("\n"),
  "\rZNZNA1\r",
].join("\n");
const reading = (): AamvaReading => {
  const r = parseAamva(text);
  if (!r.ok) throw new Error(r.error);
  return r.reading;
};
const label = (expected: AamvaLabel["expected"]): AamvaLabel => ({ test: "t", kind: "DL", file: "f", expected });

describe("readingMismatches", () => {
  it("accepts the label's own terms for what we read, with its stated equivalences", () => {
    expect(
      readingMismatches(
        label({
          First: "Ana",
          Middle: "Luz",
          Last: "RIVERA",
          IdNumber: "NONE",
          PostalCode: "985017",
          Height: "Height.FromImperial(5, 5)",
          Weight: "Weight.FromRange(WeightRange.Lbs131To160)",
          EyeColor: "EyeColor.Brown",
          Sex: "Sex.Female",
          Country: "Country.Usa",
          DateOfBirth: "1990-07-04",
          WasLastTruncated: false,
          AamvaVersionNumber: "Version.Aamva2013",
          AdditionalJurisdictionElements: "{",
        }),
        reading(),
      ),
    ).toEqual([]);
  });

  it("names every field that differs", () => {
    const wrong = readingMismatches(
      label({
        Last: "RIVERO",
        Height: "5 ft 6 in",
        EyeColor: "EyeColor.Blue",
        PostalCode: "02109",
        WasLastTruncated: true,
        Ethnicity: "Ethnicity.White",
      }),
      reading(),
    );
    expect(wrong.map((w) => w.split(":")[0])).toEqual([
      "Last",
      "Height",
      "EyeColor",
      "PostalCode",
      "WasLastTruncated",
      "Ethnicity",
    ]);
  });
});

describe("dataMismatches", () => {
  const data = {
    surname: "RIVERA",
    given_names: "ANA LUZ",
    date_of_birth: "1990-07-04",
    sex: "F",
    document_number: null,
    country_of_issuance: "US",
    address: { address_line: "5 ELM ST", city: "ALBANY", province: "NY", postal_code: "98501" },
    barcode: { version: 8 },
  };

  it("compares the fields the API carries", () => {
    const all = { First: "ANA", Middle: "LUZ", Last: "RIVERA", DateOfBirth: "1990-07-04", Sex: "Sex.Female" };
    expect(
      dataMismatches(label({ ...all, IdNumber: "NONE", StreetLine1: "5 ELM ST", PostalCode: "985017" }), data),
    ).toEqual([]);
    expect(dataMismatches(label({ First: "ANA" }), data)).toEqual([]);
    expect(
      dataMismatches(label({ First: "ANA", Middle: "MARIA", City: "TROY", AamvaVersionNumber: "Version.Aamva2016" }), {
        ...data,
      }).map((w) => w.split(":")[0]),
    ).toEqual(["data.given_names", "data.address.city", "data.barcode.version"]);
  });
});
