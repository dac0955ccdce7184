import { describe, expect, it } from "vitest";
import {
  addressOf,
  facesOf,
  mrzOf,
  placesOf,
  watchlistOf,
  type SideBySideSource,
} from "@/lib/domain/verifications/side-by-side";
import { maskVerificationDetail } from "@/lib/domain/verifications/mask-verification-detail";

const file = (id: string, contentType: string) => ({ id, contentType });
const input = (fieldName: string, value: string | null, f: { id: string; contentType: string } | null = null) => ({
  fieldName,
  value,
  file: f,
  masked: false,
});

const full: SideBySideSource = {
  id: "v1",
  ipAddress: "203.0.113.9",
  inputs: [
    input("DOCUMENT_FRONT", null, file("f1", "image/jpeg")),
    input("SELFIE_VIDEO", null, file("f2", "video/webm")),
    input("ADDRESS_LINE", "Heidestrasse 17"),
    input("CITY", "Köln"),
    input("POSTAL_CODE", "51147"),
    input("COUNTRY", "DE"),
  ],
  steps: [
    {
      processType: "DOCUMENT_VERIFICATION",
      data: {
        surname: "MUSTERMANN",
        given_names: "ERIKA",
        date_of_birth: "1964-08-12",
        document_number: "C01X00T47",
        mrz: { format: "TD3", lines: ["P<D<<MUSTERMANN<<ERIKA", "C01X00T478D<<6408125F"], valid: true },
        name_check: { mrz: "MUSTERMANN ERIKA", printed: "MUSTERMANN ERIKA", agree: true },
        address: { address_line: "Heidestr. 17", city: "Berlin", postal_code: "51147", country: "DE" },
      },
      checks: [
        {
          name: "FIELD_CONSISTENCY",
          result: "REVIEW",
          detail: "Printed date of birth differ from the MRZ: the page may have been altered.",
        },
      ],
    },
    {
      processType: "LIVENESS",
      data: { face_match: { similarity: 0.87, threshold: 0.6, result: "PASSED", reference: "DOCUMENT_FRONT" } },
      checks: [],
    },
    {
      processType: "ADDRESS_VERIFICATION",
      data: {
        country: "DE",
        city_match: { name: "Köln", latitude: 50.94, longitude: 6.96 },
        document_comparison: { street: 0.93, city: false, postal_code: true, province: null, country: true },
      },
      checks: [],
    },
    {
      processType: "LOCATION_INTELLIGENCE",
      data: {
        ip: "203.0.113.9",
        ip_country: "NL",
        ip_city: "Amsterdam",
        ip_location: { lat: 52.37, lon: 4.9 },
        gps: null,
      },
      checks: [],
    },
    {
      processType: "WATCHLIST_CHECK",
      data: {
        lists_screened: [{ name: "Synthetic", entry_count: 12 }],
        matches: [
          {
            name: "Erica Musterman",
            matched_name: "MUSTERMAN, Erica",
            score: 0.81,
            source: "SYN",
            programs: ["X"],
            score_breakdown: { name: 0.83, dob_agreement: "CONFLICT" },
          },
          {
            name: "Erika Mustermann",
            score: 0.97,
            source: "SYN",
            programs: [],
            score_breakdown: { name: 0.99, dob_agreement: "EXACT" },
          },
        ],
      },
      checks: [],
    },
  ],
};

describe("side by side", () => {
  it("pairs the document with the selfie and the face-match score", () => {
    const faces = facesOf(full);
    expect(faces.document).toEqual({ src: "/dashboard/verifications/v1/files/f1", contentType: "image/jpeg" });
    expect(faces.selfie).toMatchObject({ contentType: "video/webm" });
    expect(faces.match).toEqual({ similarity: 0.87, threshold: 0.6, result: "PASSED", reference: "DOCUMENT_FRONT" });
  });

  it("sets the MRZ against the printed fields and marks the field that differs", () => {
    const mrz = mrzOf(full)!;
    expect(mrz.lines).toHaveLength(2);
    const state = Object.fromEntries(mrz.fields.map((f) => [f.label, f.state]));
    expect(state).toMatchObject({ surname: "agrees", "date of birth": "differs", "document number": "agrees" });
    expect(mrz.fields[0]!.printed).toBe("MUSTERMANN ERIKA");
  });

  it("compares the entered address with the document's and places the IP and the address on the map", () => {
    const address = addressOf(full);
    const city = address.rows.find((r) => r.label === "city")!;
    expect(city).toMatchObject({ entered: "Köln", document: "Berlin", verdict: "differs", mismatch: true });
    expect(address.rows.find((r) => r.label === "street")).toMatchObject({
      verdict: "similarity 0.93",
      mismatch: false,
    });
    const places = placesOf(full);
    expect(places.countries).toEqual(["DE", "NL"]);
    expect(places.points.map((p) => p.kind)).toEqual(["ip", "address"]);
    expect(places.needsIpLookup).toBe(false);
  });

  it("lists watchlist candidates best first with what matched", () => {
    const w = watchlistOf(full)!;
    expect(w.candidates.map((c) => c.score)).toEqual([0.97, 0.81]);
    expect(w.candidates[0]!.matched).toEqual(["name 0.99", "date of birth (exact)"]);
    expect(w.candidates[1]!.matched).toEqual(["name 0.83"]);
  });

  it("says nothing is available for a verification without these steps, and never throws", () => {
    const empty: SideBySideSource = { id: "v2", ipAddress: null, inputs: [], steps: [] };
    expect(facesOf(empty)).toEqual({ document: null, selfie: null, match: null });
    expect(mrzOf(empty)).toBeNull();
    expect(addressOf(empty).rows).toEqual([]);
    expect(placesOf(empty)).toMatchObject({ countries: [], points: [], needsIpLookup: false });
    expect(watchlistOf(empty)).toBeNull();
    const odd: SideBySideSource = {
      id: "v3",
      ipAddress: "198.51.100.1",
      inputs: [],
      steps: [{ processType: "DOCUMENT_VERIFICATION", data: null, checks: "x" }],
    };
    expect(mrzOf(odd)).toBeNull();
    expect(placesOf(odd).needsIpLookup).toBe(true);
  });

  it("shows a member without the personal-data permission verdicts, not values", () => {
    const masked = maskVerificationDetail({
      ...full,
      metadata: { reference: "r-1", email: "erika@example.test" },
      consent: null,
      events: [],
      personalDataShown: true,
    });
    expect(facesOf(masked).document).toEqual({ hidden: true });
    const mrz = mrzOf(masked)!;
    expect(mrz.lines).toBeNull();
    expect(mrz.masked).toBe(true);
    expect(mrz.fields.find((f) => f.label === "date of birth")).toMatchObject({ mrz: "•••", state: "differs" });
    expect(placesOf(masked).points).toEqual([]);
    expect(watchlistOf(masked)!.candidates).toHaveLength(2);
    expect(JSON.stringify(masked)).not.toMatch(/Heidestrasse|1964-08-12|Amsterdam|erika@example/);
    expect(masked.metadata).toEqual({ reference: "r-1", email: "•••" });
  });
});
