import { describe, expect, it } from "vitest";
import { addressSchema } from "@/components/verify/steps/address-schema";
import type { InputField } from "@/lib/domain/flows/inputs";

// The hosted address form's rules: the server's, with a required postal code asked for only where the country has
// postal codes (the server's missingInputs does not wait for one in AE, HK, …).

const fields = (postalOptional: boolean): InputField[] =>
  (["ADDRESS_LINE", "CITY", "POSTAL_CODE", "COUNTRY"] as const).map((fieldName) => ({
    fieldName,
    description: fieldName,
    group: 0,
    fieldType: "TEXT",
    optional: fieldName === "POSTAL_CODE" ? postalOptional : false,
  }));
const address = (country: string, postal: string) => ({
  ADDRESS_LINE: "1 Example Road",
  CITY: "Somewhere",
  POSTAL_CODE: postal,
  COUNTRY: country,
});
/** The message the form shows next to POSTAL_CODE (the resolver keeps a field's first issue), or null. */
const postalError = (result: ReturnType<ReturnType<typeof addressSchema>["safeParse"]>) =>
  (result.success ? undefined : result.error.issues.find((i) => i.path[0] === "POSTAL_CODE")?.message) ?? null;

describe("the hosted address form's schema", () => {
  const required = addressSchema(fields(false));

  it("asks for a required postal code where the country has postal codes", () => {
    expect(postalError(required.safeParse(address("DE", "")))).toBe("Required");
    expect(postalError(required.safeParse(address("DE", "10117")))).toBeNull();
    expect(postalError(required.safeParse(address("DE", "10117!")))).toBe("Letters, digits, spaces and hyphens only");
  });

  it("lets it stay empty where the country uses no postal codes", () => {
    expect(required.safeParse(address("AE", "")).success).toBe(true);
    expect(required.safeParse(address("hk", "")).success).toBe(true);
  });

  it("keeps an optional postal code optional everywhere", () => {
    expect(addressSchema(fields(true)).safeParse(address("DE", "")).success).toBe(true);
  });
});
