import { describe, expect, it } from "vitest";
import { z } from "zod";
import { explainApiError, explainIssue, explainServerField, type RuleIssue } from "@/components/verify/field-errors";
import { en } from "@/components/verify/messages/en";
import { TEXT_RULES } from "@/lib/domain/verifications/input-rules";

/** What the page shows for `value` in `field`, checked with the server's own rule. */
function pageMessage(field: string, value: string, rule: z.ZodType = TEXT_RULES[field]!) {
  const parsed = rule.safeParse(value);
  if (parsed.success) return null;
  return explainIssue(field, parsed.error.issues[0] as RuleIssue);
}

describe("field errors from the server's rules", () => {
  it.each([
    ["ADDRESS_LINE", "", "required", undefined],
    ["ADDRESS_LINE", "x".repeat(201), "tooLong", { max: 200 }],
    ["CITY", "x".repeat(101), "tooLong", { max: 100 }],
    ["CITY", "Paris\u0000", "characters", undefined],
    ["POSTAL_CODE", "1011#", "postalCharacters", undefined],
    ["COUNTRY", "", "country", undefined],
    ["COUNTRY", "XX", "country", undefined],
    ["FULL_NAME", "12345", "name", undefined],
    ["DATE_OF_BIRTH", "", "dateFormat", undefined],
    ["DATE_OF_BIRTH", "1990-02-30", "realDate", undefined],
    ["DATE_OF_BIRTH", "2999-01-01", "birthDate", undefined],
    ["DATE_OF_BIRTH", "1850-01-01", "birthDate", undefined],
    ["EMAIL", "not-an-address", "email", undefined],
    ["EMAIL_OTP", "12ab", "otpFormat", undefined],
  ])("%s %j → fieldErrors.%s", (field, value, key, values) => {
    expect(pageMessage(field, value)).toEqual(values ? { key, values } : { key });
  });

  it("says nothing of a value the server accepts", () => {
    expect(pageMessage("COUNTRY", "de")).toBeNull();
    expect(pageMessage("EMAIL_OTP", "123456")).toBeNull();
  });

  it("explains an optional part (empty or the rule) by the rule, and a missing value as required", () => {
    const optional = z
      .string()
      .trim()
      .pipe(z.union([z.literal(""), TEXT_RULES.PROVINCE! as z.ZodType<string, string>]));
    expect(pageMessage("PROVINCE", "x".repeat(101), optional)).toEqual({ key: "tooLong", values: { max: 100 } });
    expect(pageMessage("PROVINCE", "  ", optional)).toBeNull();
    const missing = z.object({ CITY: TEXT_RULES.CITY! }).safeParse({});
    expect(explainIssue("CITY", missing.error!.issues[0] as RuleIssue)).toEqual({ key: "required" });
  });

  it("never leaves the validator's English to the page: every rule failure names a message key", () => {
    const keys = Object.keys(en.fieldErrors);
    const samples = ["", " ", "x".repeat(300), "\u0000", "#", "XX", "1990-13-45", "a@", "12"];
    for (const [field, rule] of Object.entries(TEXT_RULES))
      for (const value of samples) {
        const explained = pageMessage(field, value, rule);
        if (explained) expect(keys, `${field} ${JSON.stringify(value)}`).toContain(explained.key);
      }
  });

  it("keeps the API's English messages exactly as they were (integrators read them)", () => {
    const messageOf = (field: string, value: string) => TEXT_RULES[field]!.safeParse(value).error?.issues[0]?.message;
    expect(messageOf("COUNTRY", "XX")).toBe("Expected an ISO 3166-1 alpha-2 country code");
    expect(messageOf("ADDRESS_LINE", "")).toBe("Required");
    expect(messageOf("POSTAL_CODE", "#")).toBe("Letters, digits, spaces and hyphens only");
    expect(messageOf("DATE_OF_BIRTH", "2999-01-01")).toBe("Must be in the past");
    expect(messageOf("FULL_NAME", "123")).toBe("Expected a name");
  });
});

describe("the server's refusals", () => {
  it("maps a refused field by the field, never by its English message", () => {
    expect(explainServerField("EMAIL_OTP")).toEqual({ key: "otpRejected" });
    expect(explainServerField("DOCUMENT_TYPE")).toEqual({ key: "documentType" });
    expect(explainServerField("DOCUMENT_FRONT")).toEqual({ key: "file" });
    expect(explainServerField("CUSTOM_FIELD", "DROPDOWN")).toEqual({ key: "option" });
    expect(explainServerField("CUSTOM_FIELD")).toEqual({ key: "rejected" });
  });

  it("maps the API's error codes, with the wait in whole minutes", () => {
    expect(explainApiError("OTP_RATE_LIMITED", 61)).toEqual({ key: "otpRateLimited", values: { minutes: 2 } });
    expect(explainApiError("OTP_RATE_LIMITED", null)).toEqual({ key: "otpRateLimited", values: { minutes: 1 } });
    expect(explainApiError("IMAGE_TOO_LARGE", null)).toEqual({ key: "fileTooLarge" });
    expect(explainApiError("VIDEO_CODEC_UNSUPPORTED", null)).toEqual({ key: "videoUnreadable" });
    expect(explainApiError("INVALID_STATE", null)).toEqual({ key: "invalidState" });
    expect(explainApiError("INTERNAL_ERROR", null)).toBeNull();
    for (const code of ["INVALID_STATE", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VIDEO_TOO_LONG"])
      expect(Object.keys(en.apiErrors)).toContain(explainApiError(code, 1)!.key);
  });
});
