import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "@/lib/shared/countries";
import { DOCUMENT_TYPE_NAMES } from "@/lib/domain/flows/document-types/catalog";
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  VIDEO_TYPES,
  alternativeNotTaken,
  buildInputs,
  fileKindOf,
  missingInputs,
  type InputField,
  type WorkflowShape,
} from "@/lib/domain/flows/inputs";
import { DEFAULT_AGREEMENT_STATEMENT, type SettingValues } from "@/lib/shared/workflow-settings";

const workflow = (processes: string[], extra: Partial<WorkflowShape> = {}): WorkflowShape => ({
  processes,
  documentTypes: [],
  countries: [],
  settings: {},
  ...extra,
});
const names = (fields: InputField[]) => fields.map((f) => f.fieldName);
const field = (fields: InputField[], name: string) => {
  const found = fields.find((f) => f.fieldName === name);
  if (!found) throw new Error(`no ${name} in ${names(fields).join(", ")}`);
  return found;
};
/** [fieldName, fieldType, optional] of every field: what an integrator's form is built from. */
const summary = (fields: InputField[]) => fields.map((f) => [f.fieldName, f.fieldType, f.optional]);

describe("buildInputs, one process at a time", () => {
  it("DOCUMENT_VERIFICATION asks for country, type, front and (optionally) back", () => {
    const fields = buildInputs(workflow(["DOCUMENT_VERIFICATION"]));
    expect(summary(fields)).toEqual([
      ["DOCUMENT_COUNTRY", "DROPDOWN", false],
      ["DOCUMENT_TYPE", "DROPDOWN", false],
      ["DOCUMENT_FRONT", "FILE", false],
      ["DOCUMENT_BACK", "FILE", true],
    ]);
    // without restrictions every country and every document type is offered
    expect(field(fields, "DOCUMENT_COUNTRY").data).toEqual({ options: [...COUNTRY_CODES] });
    expect(field(fields, "DOCUMENT_COUNTRY").data?.options).toHaveLength(250);
    expect(field(fields, "DOCUMENT_TYPE").data).toEqual({ options: [...DOCUMENT_TYPE_NAMES] });
    expect(field(fields, "DOCUMENT_FRONT").data).toEqual({
      accept: [...IMAGE_TYPES],
      maxBytes: MAX_IMAGE_BYTES,
      side: "FRONT",
    });
    expect(field(fields, "DOCUMENT_BACK").data).toEqual({
      accept: [...IMAGE_TYPES],
      maxBytes: MAX_IMAGE_BYTES,
      side: "BACK",
    });
  });

  it("DOCUMENT_VERIFICATION offers only the workflow's countries and document types, in the workflow's order", () => {
    const fields = buildInputs(
      workflow(["DOCUMENT_VERIFICATION"], { countries: ["FR", "DE"], documentTypes: ["NATIONAL_ID", "PASSPORT"] }),
    );
    expect(field(fields, "DOCUMENT_COUNTRY").data).toEqual({ options: ["FR", "DE"] });
    expect(field(fields, "DOCUMENT_TYPE").data).toEqual({ options: ["NATIONAL_ID", "PASSPORT"] });
  });

  it("LIVENESS asks for a selfie video with the configured challenge, and an optional selfie photo", () => {
    const fields = buildInputs(workflow(["LIVENESS"]));
    expect(summary(fields)).toEqual([
      ["SELFIE_VIDEO", "FILE", false],
      ["SELFIE_PHOTO", "FILE", true],
    ]);
    const video = field(fields, "SELFIE_VIDEO").data!;
    expect(video).toMatchObject({
      accept: [...VIDEO_TYPES],
      maxBytes: MAX_VIDEO_BYTES,
      challenge: "TURN_HEAD_LEFT_RIGHT",
    });
    expect(video.instruction).toMatch(/left, then to the right/);
    expect(field(fields, "SELFIE_PHOTO").data).toEqual({ accept: [...IMAGE_TYPES], maxBytes: MAX_IMAGE_BYTES });

    const nod = field(
      buildInputs(workflow(["LIVENESS"], { settings: { LIVENESS_CHALLENGE: "NOD" } })),
      "SELFIE_VIDEO",
    ).data!;
    expect(nod.challenge).toBe("NOD");
    expect(nod.instruction).toMatch(/nod/i);
    const rightLeft = field(
      buildInputs(workflow(["LIVENESS"], { settings: { LIVENESS_CHALLENGE: "TURN_HEAD_RIGHT_LEFT" } })),
      "SELFIE_VIDEO",
    ).data!;
    expect(rightLeft.instruction).toMatch(/right, then to the left/);
  });

  it("LOCATION_INTELLIGENCE asks for an optional GEOLOCATION", () => {
    expect(summary(buildInputs(workflow(["LOCATION_INTELLIGENCE"])))).toEqual([["GEOLOCATION", "LOCATION", true]]);
  });

  it("EMAIL_CHECK asks for EMAIL and EMAIL_OTP as text", () => {
    expect(summary(buildInputs(workflow(["EMAIL_CHECK"])))).toEqual([
      ["EMAIL", "TEXT", false],
      ["EMAIL_OTP", "TEXT", false],
    ]);
  });

  it("WATCHLIST_CHECK on its own asks for FULL_NAME and DATE_OF_BIRTH", () => {
    expect(summary(buildInputs(workflow(["WATCHLIST_CHECK"])))).toEqual([
      ["FULL_NAME", "TEXT", false],
      ["DATE_OF_BIRTH", "TEXT", false],
    ]);
  });

  it.each([
    ["after", ["DOCUMENT_VERIFICATION", "WATCHLIST_CHECK"]],
    ["before", ["WATCHLIST_CHECK", "DOCUMENT_VERIFICATION"]],
  ])(
    "WATCHLIST_CHECK asks nothing when a document step comes %s it (the document supplies name and birth date)",
    (_, processes) => {
      const fields = names(buildInputs(workflow(processes)));
      expect(fields).not.toContain("FULL_NAME");
      expect(fields).not.toContain("DATE_OF_BIRTH");
      expect(fields).toEqual(["DOCUMENT_COUNTRY", "DOCUMENT_TYPE", "DOCUMENT_FRONT", "DOCUMENT_BACK"]);
    },
  );

  it("DIGITAL_CREDENTIAL asks for the wallet's answer as text, naming the claims and kinds it asks of the wallet", () => {
    const fields = buildInputs(workflow(["DIGITAL_CREDENTIAL"], { settings: { CREDENTIAL_KINDS: ["MDL"] } }));
    expect(summary(fields)).toEqual([["DIGITAL_CREDENTIAL", "TEXT", false]]);
    expect(field(fields, "DIGITAL_CREDENTIAL").data).toMatchObject({
      kinds: ["MDL"],
      claims: ["given_name", "family_name", "birth_date", "document_number", "expiry_date", "portrait"],
    });
  });

  it("DIGITAL_CREDENTIAL beside DOCUMENT_VERIFICATION: either one; the wallet's answer stands in for the document", () => {
    const fields = buildInputs(workflow(["DOCUMENT_VERIFICATION", "DIGITAL_CREDENTIAL"]));
    expect(field(fields, "DIGITAL_CREDENTIAL")).toMatchObject({
      optional: true,
      data: { alternativeTo: "DOCUMENT_VERIFICATION" },
    });
    const missing = (supplied: Record<string, string>) =>
      names(missingInputs(fields, new Map(Object.entries(supplied))));
    expect(missing({})).toEqual(["DOCUMENT_COUNTRY", "DOCUMENT_TYPE", "DOCUMENT_FRONT"]);
    expect(missing({ DIGITAL_CREDENTIAL: "{}" })).toEqual([]);
    expect(alternativeNotTaken(["DOCUMENT_VERIFICATION", "DIGITAL_CREDENTIAL"], new Set(["DIGITAL_CREDENTIAL"]))).toBe(
      "DOCUMENT_VERIFICATION",
    );
    expect(alternativeNotTaken(["DOCUMENT_VERIFICATION", "DIGITAL_CREDENTIAL"], new Set(["DOCUMENT_FRONT"]))).toBe(
      "DIGITAL_CREDENTIAL",
    );
    expect(
      alternativeNotTaken(
        ["DOCUMENT_VERIFICATION", "DIGITAL_CREDENTIAL"],
        new Set(["DOCUMENT_FRONT", "DIGITAL_CREDENTIAL"]),
      ),
    ).toBeNull();
    expect(alternativeNotTaken(["DIGITAL_CREDENTIAL"], new Set())).toBeNull();
  });

  it.each([
    [{}, false],
    [{ CREDENTIAL_CLAIMS: ["age_over_18" as const] }, true],
  ])(
    "WATCHLIST_CHECK beside DIGITAL_CREDENTIAL (claims %j) asks for a name only when the credential gives none",
    (settings, asksName) => {
      const fields = names(buildInputs(workflow(["DIGITAL_CREDENTIAL", "WATCHLIST_CHECK"], { settings })));
      expect(fields.includes("FULL_NAME")).toBe(asksName);
    },
  );

  it("VIDEO_AGREEMENT asks for a video of the statement: the default one, or the workflow's", () => {
    const fields = buildInputs(workflow(["VIDEO_AGREEMENT"]));
    expect(summary(fields)).toEqual([["AGREEMENT_VIDEO", "FILE", false]]);
    expect(field(fields, "AGREEMENT_VIDEO").data).toEqual({
      accept: [...VIDEO_TYPES],
      maxBytes: MAX_VIDEO_BYTES,
      statement: DEFAULT_AGREEMENT_STATEMENT,
    });
    const custom = buildInputs(
      workflow(["VIDEO_AGREEMENT"], { settings: { AGREEMENT_STATEMENT: "I agree to the terms of Example Bank." } }),
    );
    expect(field(custom, "AGREEMENT_VIDEO").data?.statement).toBe("I agree to the terms of Example Bank.");
  });

  it("ADDRESS_VERIFICATION asks for the address lines; without ADDRESS_COMPLETENESS city and postal code are optional", () => {
    for (const settings of [{}, { ADDRESS_COMPLETENESS: false }] as SettingValues[]) {
      expect(summary(buildInputs(workflow(["ADDRESS_VERIFICATION"], { settings })))).toEqual([
        ["ADDRESS_LINE", "TEXT", false],
        ["CITY", "TEXT", true],
        ["PROVINCE", "TEXT", true],
        ["POSTAL_CODE", "TEXT", true],
        ["COUNTRY", "TEXT", false],
      ]);
    }
  });

  it("ADDRESS_COMPLETENESS makes CITY and POSTAL_CODE required (PROVINCE stays optional)", () => {
    expect(
      summary(buildInputs(workflow(["ADDRESS_VERIFICATION"], { settings: { ADDRESS_COMPLETENESS: true } }))),
    ).toEqual([
      ["ADDRESS_LINE", "TEXT", false],
      ["CITY", "TEXT", false],
      ["PROVINCE", "TEXT", true],
      ["POSTAL_CODE", "TEXT", false],
      ["COUNTRY", "TEXT", false],
    ]);
  });

  it("an unknown process type asks for nothing", () => {
    expect(buildInputs(workflow(["SOMETHING_NEW"]))).toEqual([]);
  });
});

describe("buildInputs, whole workflows", () => {
  it("lists fields in workflow order with `group` = the process's position", () => {
    const fields = buildInputs(workflow(["EMAIL_CHECK", "LIVENESS", "LOCATION_INTELLIGENCE", "ADDRESS_VERIFICATION"]));
    expect(fields.map((f) => [f.fieldName, f.group])).toEqual([
      ["EMAIL", 0],
      ["EMAIL_OTP", 0],
      ["SELFIE_VIDEO", 1],
      ["SELFIE_PHOTO", 1],
      ["GEOLOCATION", 2],
      ["ADDRESS_LINE", 3],
      ["CITY", 3],
      ["PROVINCE", 3],
      ["POSTAL_CODE", 3],
      ["COUNTRY", 3],
    ]);
  });

  it("keeps the position of a process that asks nothing (group numbers follow the workflow, not the field list)", () => {
    const fields = buildInputs(workflow(["DOCUMENT_VERIFICATION", "WATCHLIST_CHECK", "LIVENESS"]));
    expect(field(fields, "DOCUMENT_FRONT").group).toBe(0);
    expect(field(fields, "SELFIE_VIDEO").group).toBe(2);
  });

  it("reordering the workflow reorders the fields", () => {
    const a = names(buildInputs(workflow(["LIVENESS", "EMAIL_CHECK"])));
    const b = names(buildInputs(workflow(["EMAIL_CHECK", "LIVENESS"])));
    expect(a).toEqual(["SELFIE_VIDEO", "SELFIE_PHOTO", "EMAIL", "EMAIL_OTP"]);
    expect(b).toEqual(["EMAIL", "EMAIL_OTP", "SELFIE_VIDEO", "SELFIE_PHOTO"]);
  });

  it("never lists a field twice and gives every field a description", () => {
    const fields = buildInputs(
      workflow([
        "DOCUMENT_VERIFICATION",
        "LIVENESS",
        "LOCATION_INTELLIGENCE",
        "EMAIL_CHECK",
        "WATCHLIST_CHECK",
        "VIDEO_AGREEMENT",
        "ADDRESS_VERIFICATION",
      ]),
    );
    expect(new Set(names(fields)).size).toBe(fields.length);
    for (const f of fields) expect(f.description.length).toBeGreaterThan(5);
  });

  it("hands out copies: changing one start response's options does not change the next", () => {
    const shape = workflow(["DOCUMENT_VERIFICATION"], { countries: ["DE"], documentTypes: ["PASSPORT"] });
    (field(buildInputs(shape), "DOCUMENT_COUNTRY").data!.options as string[]).push("US");
    expect(field(buildInputs(shape), "DOCUMENT_COUNTRY").data).toEqual({ options: ["DE"] });
    expect(shape.countries).toEqual(["DE"]);
  });
});

describe("missingInputs", () => {
  const documentFields = buildInputs(workflow(["DOCUMENT_VERIFICATION"]));
  const supplied = (entries: Record<string, string | null>) => new Map(Object.entries(entries));

  it("lists every required field while nothing is supplied (DOCUMENT_BACK not yet: no type chosen)", () => {
    expect(names(missingInputs(documentFields, supplied({})))).toEqual([
      "DOCUMENT_COUNTRY",
      "DOCUMENT_TYPE",
      "DOCUMENT_FRONT",
    ]);
  });

  it.each(["PASSPORT", "VISA"])("does not require DOCUMENT_BACK for a %s (front only)", (type) => {
    expect(
      names(
        missingInputs(documentFields, supplied({ DOCUMENT_COUNTRY: "DE", DOCUMENT_TYPE: type, DOCUMENT_FRONT: null })),
      ),
    ).toEqual([]);
  });

  it.each(["NATIONAL_ID", "DRIVERS_LICENSE", "RESIDENCE_PERMIT", "VOTER_ID"])(
    "requires DOCUMENT_BACK once %s (which has a back) is chosen",
    (type) => {
      expect(
        names(
          missingInputs(
            documentFields,
            supplied({ DOCUMENT_COUNTRY: "DE", DOCUMENT_TYPE: type, DOCUMENT_FRONT: null }),
          ),
        ),
      ).toEqual(["DOCUMENT_BACK"]);
      expect(
        missingInputs(
          documentFields,
          supplied({ DOCUMENT_COUNTRY: "DE", DOCUMENT_TYPE: type, DOCUMENT_FRONT: null, DOCUMENT_BACK: null }),
        ),
      ).toEqual([]);
    },
  );

  it("waits for a required POSTAL_CODE only where the COUNTRY given has postal codes", () => {
    const addressFields = buildInputs(workflow(["ADDRESS_VERIFICATION"], { settings: { ADDRESS_COMPLETENESS: true } }));
    const street = { ADDRESS_LINE: "1 Example Road", CITY: "Dubai" };
    expect(names(missingInputs(addressFields, supplied(street)))).toEqual(["POSTAL_CODE", "COUNTRY"]);
    expect(names(missingInputs(addressFields, supplied({ ...street, COUNTRY: "DE" })))).toEqual(["POSTAL_CODE"]);
    expect(names(missingInputs(addressFields, supplied({ ...street, COUNTRY: "AE" })))).toEqual([]);
    expect(names(missingInputs(addressFields, supplied({ ...street, COUNTRY: "HK" })))).toEqual([]);
  });

  it("does not require DOCUMENT_BACK for a document type it does not know", () => {
    expect(names(missingInputs(documentFields, supplied({ DOCUMENT_TYPE: "LIBRARY_CARD" })))).toEqual([
      "DOCUMENT_COUNTRY",
      "DOCUMENT_FRONT",
    ]);
  });

  it("counts a supplied file (stored value null) as supplied", () => {
    expect(names(missingInputs(documentFields, supplied({ DOCUMENT_FRONT: null })))).toEqual([
      "DOCUMENT_COUNTRY",
      "DOCUMENT_TYPE",
    ]);
  });

  it("never lists optional fields, and follows ADDRESS_COMPLETENESS", () => {
    const loose = buildInputs(workflow(["LIVENESS", "LOCATION_INTELLIGENCE", "ADDRESS_VERIFICATION"]));
    expect(names(missingInputs(loose, supplied({})))).toEqual(["SELFIE_VIDEO", "ADDRESS_LINE", "COUNTRY"]);
    const strict = buildInputs(workflow(["ADDRESS_VERIFICATION"], { settings: { ADDRESS_COMPLETENESS: true } }));
    expect(names(missingInputs(strict, supplied({ ADDRESS_LINE: "Main St 1", COUNTRY: "DE" })))).toEqual([
      "CITY",
      "POSTAL_CODE",
    ]);
    expect(
      missingInputs(
        strict,
        supplied({ ADDRESS_LINE: "Main St 1", COUNTRY: "DE", CITY: "Berlin", POSTAL_CODE: "10115" }),
      ),
    ).toEqual([]);
  });

  it("returns the fields themselves (with their group), so /status can show them", () => {
    const fields = buildInputs(workflow(["EMAIL_CHECK", "WATCHLIST_CHECK"]));
    const missing = missingInputs(fields, supplied({ EMAIL: "a@b.co" }));
    expect(missing).toEqual([field(fields, "EMAIL_OTP"), field(fields, "FULL_NAME"), field(fields, "DATE_OF_BIRTH")]);
    expect(missing.map((m) => m.group)).toEqual([0, 1, 1]);
  });
});

describe("fileKindOf", () => {
  it.each([
    ["SELFIE_VIDEO", "video"],
    ["AGREEMENT_VIDEO", "video"],
    ["DOCUMENT_FRONT", "image"],
    ["DOCUMENT_BACK", "image"],
    ["SELFIE_PHOTO", "image"],
  ])("%s takes a %s", (name, kind) => {
    expect(fileKindOf(name)).toBe(kind);
  });
});
