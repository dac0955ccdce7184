import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DocumentTypeList } from "@/lib/http/schemas";
import * as documentTypesModule from "@/app/api/v1/workflows/[workflowId]/document-types/route";
import * as supportedTypesModule from "@/app/api/v1/workflows/supported-document-types/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, type TestAccount } from "@/test/fixtures";

const documentTypesRoute = route("/api/v1/workflows/[workflowId]/document-types", documentTypesModule);
const supportedTypesRoute = route("/api/v1/workflows/supported-document-types", supportedTypesModule);

let account: TestAccount;

beforeAll(async () => {
  account = await createTestAccount({
    workflows: [
      {
        name: "kyc",
        processes: ["LIVENESS", "DOCUMENT_VERIFICATION"],
        documentTypes: ["PASSPORT", "NATIONAL_ID", "DRIVERS_LICENSE"],
      },
      { name: "eu-only", processes: ["DOCUMENT_VERIFICATION"], countries: ["DE", "FR"] },
      { name: "no-document", processes: ["EMAIL_CHECK"] },
    ],
  });
});

const types = (workflowId: string | undefined, query = "") =>
  call(documentTypesRoute, `/api/v1/workflows/${workflowId}/document-types${query}`);

describe("GET /api/v1/workflows/supported-document-types", () => {
  it("lists the six common types with sides and a subtype per issuing country, without authentication", async () => {
    const response = await call(supportedTypesRoute, "/api/v1/workflows/supported-document-types");
    expect(response.status).toBe(200);
    const list = DocumentTypeList.parse(response.body);
    expect(list.map((t) => [t.name, t.sides])).toEqual([
      ["PASSPORT", ["FRONT"]],
      ["DRIVERS_LICENSE", ["FRONT", "BACK"]],
      ["NATIONAL_ID", ["FRONT", "BACK"]],
      ["RESIDENCE_PERMIT", ["FRONT", "BACK"]],
      ["VOTER_ID", ["FRONT", "BACK"]],
      ["VISA", ["FRONT"]],
    ]);
    const passport = list[0]!;
    expect(passport.subTypes.length).toBeGreaterThan(240);
    expect(passport.subTypes.find((s) => s.countryCode === "JP")).toEqual({
      countryName: "Japan",
      countryCode: "JP",
      countryFlag: "🇯🇵",
      region: "Asia",
      documentTypes: [],
    });
    const nationalIds = list.find((t) => t.name === "NATIONAL_ID")!.subTypes.map((s) => s.countryCode);
    expect(nationalIds).toContain("DE");
    // Great Britain issues no identity card; the US's state identity cards (AAMVA) are offered as NATIONAL_ID
    expect(nationalIds).not.toContain("GB");
    expect(nationalIds).toContain("US");
    expect(list.find((t) => t.name === "VOTER_ID")!.subTypes.map((s) => s.countryCode)).toContain("IN");
    expect(response.headers.get("ratelimit-limit")).not.toBeNull();
  });
});

describe("GET /api/v1/workflows/{workflowId}/document-types", () => {
  it("returns the workflow's types, without authentication", async () => {
    const response = await types(account.workflows.kyc);
    expect(response.status).toBe(200);
    expect(DocumentTypeList.parse(response.body).map((t) => t.name)).toEqual([
      "PASSPORT",
      "DRIVERS_LICENSE",
      "NATIONAL_ID",
    ]);
  });

  it("filters by country (case-insensitive): only types issued there, only that country's subtype", async () => {
    const gb = DocumentTypeList.parse((await types(account.workflows.kyc, "?country=gb")).body);
    expect(gb.map((t) => t.name)).toEqual(["PASSPORT", "DRIVERS_LICENSE"]);
    expect(gb.every((t) => t.subTypes.length === 1 && t.subTypes[0]!.countryCode === "GB")).toBe(true);
    const us = DocumentTypeList.parse((await types(account.workflows.kyc, "?country=us")).body);
    expect(us.map((t) => t.name)).toEqual(["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"]);
  });

  it("respects the workflow's allowed countries", async () => {
    const all = DocumentTypeList.parse((await types(account.workflows["eu-only"])).body);
    expect(new Set(all.flatMap((t) => t.subTypes.map((s) => s.countryCode)))).toEqual(new Set(["DE", "FR"]));
    expect((await types(account.workflows["eu-only"], "?country=US")).body).toEqual([]);
  });

  it("accepts the index of the document step and refuses another step", async () => {
    expect((await types(account.workflows.kyc, "?step=1")).status).toBe(200);
    const wrong = await types(account.workflows.kyc, "?step=0");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: "VALIDATION_ERROR",
      details: [{ field: "step", message: "Document selection happens at step 1" }],
    });
    for (const step of ["-1", "1.5", "abc"])
      expect((await types(account.workflows.kyc, `?step=${step}`)).body.error).toBe("VALIDATION_ERROR");
  });

  it("returns an empty list for a workflow without a document step", async () => {
    expect((await types(account.workflows["no-document"])).body).toEqual([]);
  });

  it.each(["XX", "usa", "1", "", "ÜS"])("refuses country %j with 400 INVALID_COUNTRY_CODE", async (country) => {
    const response = await types(account.workflows.kyc, `?country=${encodeURIComponent(country)}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("INVALID_COUNTRY_CODE");
  });

  it.each([
    ["an unknown id", randomUUID()],
    ["a malformed id", "nope"],
  ])("answers 404 WORKFLOW_NOT_FOUND for %s", async (_, id) => {
    const response = await types(id);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("WORKFLOW_NOT_FOUND");
  });
});
