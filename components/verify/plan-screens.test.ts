import { describe, expect, it } from "vitest";
import { isLastOpenScreen, nextOpenScreen, planScreens } from "@/components/verify/plan-screens";
import { buildInputs } from "@/lib/domain/flows/inputs";

const fullKyc = buildInputs({
  processes: [
    "DOCUMENT_VERIFICATION",
    "LIVENESS",
    "ADDRESS_VERIFICATION",
    "WATCHLIST_CHECK",
    "LOCATION_INTELLIGENCE",
    "EMAIL_CHECK",
  ],
  documentTypes: ["PASSPORT", "NATIONAL_ID"],
  countries: [],
  settings: { ADDRESS_COMPLETENESS: true },
});

const ids = (screens: { id: string }[]) => screens.map((s) => s.id);

describe("planScreens", () => {
  it("orders screens as the workflow orders its processes, one per capture, one per form", () => {
    expect(ids(planScreens(fullKyc, null))).toEqual([
      "document-select:0",
      "photo:DOCUMENT_FRONT",
      "video:SELFIE_VIDEO",
      "address:2",
      "location:GEOLOCATION",
      "email:5",
    ]);
  });

  it("adds the back side only for a document type that has one", () => {
    expect(ids(planScreens(fullKyc, ["FRONT"]))).not.toContain("photo:DOCUMENT_BACK");
    expect(ids(planScreens(fullKyc, ["FRONT", "BACK"])).slice(0, 3)).toEqual([
      "document-select:0",
      "photo:DOCUMENT_FRONT",
      "photo:DOCUMENT_BACK",
    ]);
  });

  it("asks for name and date of birth when no document supplies them", () => {
    const inputs = buildInputs({ processes: ["WATCHLIST_CHECK"], documentTypes: [], countries: [], settings: {} });
    const [screen] = planScreens(inputs, null);
    expect(screen?.kind).toBe("personal");
    expect(screen?.fields.map((f) => f.fieldName)).toEqual(["FULL_NAME", "DATE_OF_BIRTH"]);
  });

  it("gives unknown text fields a generic form", () => {
    const screens = planScreens(
      [{ fieldName: "TAX_ID", description: "Tax id", group: 0, fieldType: "TEXT", optional: false }],
      null,
    );
    expect(screens.map((s) => s.kind)).toEqual(["generic"]);
  });

  it("offers the wallet first when the document is its alternative; the wallet's answer completes the document's screens", () => {
    const inputs = buildInputs({
      processes: ["DOCUMENT_VERIFICATION", "DIGITAL_CREDENTIAL", "EMAIL_CHECK"],
      documentTypes: [],
      countries: [],
      settings: {},
    });
    const screens = planScreens(inputs, null);
    expect(screens.map((s) => s.kind)).toEqual(["wallet", "document-select", "photo", "email"]);
    expect(nextOpenScreen(screens, new Set())).toBe(0);
    // the wallet's answer: on to the e-mail, the document's screens are done
    expect(nextOpenScreen(screens, new Set(["DIGITAL_CREDENTIAL"]))).toBe(3);
    expect(isLastOpenScreen(screens, 0, new Set(["DIGITAL_CREDENTIAL", "EMAIL", "EMAIL_OTP"]), new Set())).toBe(true);
    // "use a photo instead": the wallet's screen is skipped, the document's are asked
    expect(nextOpenScreen(screens, new Set(), new Set(["wallet:DIGITAL_CREDENTIAL"]))).toBe(1);
  });

  it("gives the wallet's answer (DIGITAL_CREDENTIAL) a screen of its own, not a text form", () => {
    const screens = planScreens(
      buildInputs({ processes: ["DIGITAL_CREDENTIAL", "EMAIL_CHECK"], documentTypes: [], countries: [], settings: {} }),
      null,
    );
    expect(screens.map((s) => [s.kind, s.fields.map((f) => f.fieldName)])).toEqual([
      ["wallet", ["DIGITAL_CREDENTIAL"]],
      ["email", ["EMAIL", "EMAIL_OTP"]],
    ]);
  });
});

describe("resuming", () => {
  const screens = planScreens(fullKyc, ["FRONT", "BACK"]);

  it("continues at the first screen with a missing input", () => {
    expect(nextOpenScreen(screens, new Set())).toBe(0);
    expect(screens[nextOpenScreen(screens, new Set(["DOCUMENT_COUNTRY", "DOCUMENT_TYPE", "DOCUMENT_FRONT"]))]?.id).toBe(
      "photo:DOCUMENT_BACK",
    );
  });

  it("passes over an optional screen once a later screen holds inputs, or once skipped here", () => {
    const before = new Set([
      "DOCUMENT_COUNTRY",
      "DOCUMENT_TYPE",
      "DOCUMENT_FRONT",
      "DOCUMENT_BACK",
      "SELFIE_VIDEO",
      "ADDRESS_LINE",
      "CITY",
      "POSTAL_CODE",
      "COUNTRY",
    ]);
    expect(screens[nextOpenScreen(screens, before)]?.id).toBe("location:GEOLOCATION");
    expect(screens[nextOpenScreen(screens, before, new Set(["location:GEOLOCATION"]))]?.id).toBe("email:5");
    expect(screens[nextOpenScreen(screens, new Set([...before, "EMAIL"]))]?.id).toBe("email:5");
    expect(nextOpenScreen(screens, new Set([...before, "EMAIL", "EMAIL_OTP"]))).toBe(screens.length);
  });

  it("completes the inputs only on the last open screen", () => {
    const all = new Set(fullKyc.map((f) => f.fieldName));
    const emailIndex = screens.findIndex((s) => s.id === "email:5");
    all.delete("EMAIL");
    all.delete("EMAIL_OTP");
    expect(isLastOpenScreen(screens, emailIndex, all, new Set())).toBe(true);
    all.delete("GEOLOCATION");
    // the optional location screen before it was passed over: still last
    expect(isLastOpenScreen(screens, emailIndex, all, new Set())).toBe(true);
    expect(isLastOpenScreen(screens, 0, new Set(), new Set())).toBe(false);
  });
});
