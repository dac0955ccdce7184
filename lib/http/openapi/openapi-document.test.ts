import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/http/openapi/openapi-document";

const doc = openApiDocument("https://kyc.example.com");

function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, found));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") found.push(child);
      else refs(child, found);
    }
  }
  return found;
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with the /api/v1 server, the seven operations of the spec, the link helper, the sandbox calls and the credential request", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "https://kyc.example.com/api/v1" }]);
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([
      "GET /verifications/{verificationId}",
      "GET /verifications/{verificationId}/status",
      "GET /workflows/supported-document-types",
      "GET /workflows/{workflowId}/document-types",
      "POST /sandbox/verifications/{verificationId}/fast-forward",
      "POST /sandbox/verifications/{verificationId}/test-wallet",
      "POST /verifications",
      "POST /verifications/{verificationId}/credential-request",
      "POST /verifications/{verificationId}/send-inputs",
      "POST /workflows/{workflowId}/email-otp",
      "POST /workflows/{workflowId}/links",
    ]);
  });

  it("resolves every $ref to a component schema generated from zod", () => {
    const schemas = doc.components.schemas as Record<string, { type?: string; properties?: Record<string, unknown> }>;
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(10);
    for (const ref of all) expect(schemas[ref.replace("#/components/schemas/", "")], ref).toBeDefined();
    expect(Object.keys(schemas.StartVerificationResponse!.properties!)).toEqual(
      expect.arrayContaining([
        "verificationId",
        "identityId",
        "flowId",
        "metadata",
        "ipAddress",
        "inputs",
        "settings",
        "id",
        "status",
        "createdAt",
        "verificationUrl",
      ]),
    );
  });

  it("names DOCUMENT_VERIFICATION's MRZ data: both validity flags and the unknown state codes", () => {
    const schemas = doc.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
    expect(Object.keys(schemas.DocumentMrz!.properties!)).toEqual(
      expect.arrayContaining(["format", "lines", "valid", "check_digits_valid", "unknown_codes"]),
    );
  });

  it("documents the decisions' HTTP status of each error an operation can return", () => {
    const start = doc.paths["/verifications"].post.responses as Record<string, { description: string }>;
    expect(start["201"]).toBeDefined();
    expect(start["400"]!.description).toContain("INVALID_WORKFLOW");
    expect(start["401"]!.description).toContain("INVALID_API_KEY");
    expect(start["403"]!.description).toContain("INSUFFICIENT_PERMISSIONS");
    expect(start["429"]!.description).toContain("RATE_LIMITED");
    const otp = doc.paths["/workflows/{workflowId}/email-otp"].post.responses as Record<
      string,
      { description: string }
    >;
    expect(otp["204"]).toBeDefined();
    expect(otp["429"]!.description).toContain("OTP_RATE_LIMITED");
  });
});
