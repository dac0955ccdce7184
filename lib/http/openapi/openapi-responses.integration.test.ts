import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/http/openapi/openapi-document";
import * as startModule from "@/app/api/v1/verifications/route";
import * as verificationModule from "@/app/api/v1/verifications/[verificationId]/route";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import * as credentialRequestModule from "@/app/api/v1/verifications/[verificationId]/credential-request/route";
import * as linksModule from "@/app/api/v1/workflows/[workflowId]/links/route";
import * as supportedTypesModule from "@/app/api/v1/workflows/supported-document-types/route";
import * as documentTypesModule from "@/app/api/v1/workflows/[workflowId]/document-types/route";
import { call, route, type CallOptions } from "@/test/api-client";
import { createTestAccount, startVerification, type TestAccount } from "@/test/fixtures";

// The OpenAPI document under strict JSON Schema 2020-12 tooling: every component schema compiles in ajv's strict
// mode, and real responses of the API validate against the schema the document names for their status.

const BASE = "https://openkyc.local/schemas/";
const doc = openApiDocument("https://kyc.example.com");

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === "$ref" && typeof v === "string" ? v.replace("#/components/schemas/", BASE) : rewriteRefs(v),
      ]),
    );
  }
  return value;
}

function strictAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  if (addFormats.default) addFormats.default(ajv);
  else (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  for (const [name, schema] of Object.entries(doc.components.schemas))
    ajv.addSchema(rewriteRefs(schema) as object, BASE + name);
  return ajv;
}

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };

function validatorFor(ajv: Ajv2020, path: string, method: string, status: number) {
  const operation = (doc.paths as Record<string, Record<string, Operation>>)[path]?.[method];
  const schema = operation?.responses[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`the document names no schema for ${method.toUpperCase()} ${path} ${status}`);
  return ajv.compile(rewriteRefs(schema) as object);
}

// The route module behind each documented path: the call goes to the handler at the path the document names.
const modules: Record<string, Parameters<typeof route>[1]> = {
  "/verifications": startModule,
  "/verifications/{verificationId}": verificationModule,
  "/verifications/{verificationId}/status": statusModule,
  "/verifications/{verificationId}/send-inputs": sendInputsModule,
  "/verifications/{verificationId}/credential-request": credentialRequestModule,
  "/workflows/{workflowId}/links": linksModule,
  "/workflows/supported-document-types": supportedTypesModule,
  "/workflows/{workflowId}/document-types": documentTypesModule,
};
const routeOf = (docPath: string) => route(`/api/v1${docPath.replace(/\{(\w+)\}/g, "[$1]")}`, modules[docPath]!);

let account: TestAccount;
beforeAll(async () => {
  account = await createTestAccount({
    workflows: [
      { name: "kyc", processes: ["DOCUMENT_VERIFICATION", "ADDRESS_VERIFICATION"], documentTypes: ["PASSPORT"] },
      { name: "wallet", processes: ["DIGITAL_CREDENTIAL"] },
    ],
  });
});

describe("OpenAPI document under ajv 2020 strict mode", () => {
  it("compiles every component schema (no fragment $id, no unknown keyword or format)", () => {
    const ajv = strictAjv();
    for (const name of Object.keys(doc.components.schemas))
      expect(ajv.getSchema(BASE + name), name).toBeTypeOf("function");
  });

  it("validates real responses of every operation against the schema it documents", async () => {
    const ajv = strictAjv();
    const started = await startVerification(account, "kyc", { reference: "openapi-1" });
    const wallet = await startVerification(account, "wallet", { reference: "openapi-3" });
    const cases: [string, string, string, CallOptions][] = [
      [
        "/verifications",
        "post",
        "/api/v1/verifications",
        { ...account.auth, body: { flowId: account.workflows.kyc, metadata: { reference: "openapi-2" } } },
      ],
      ["/verifications", "post", "/api/v1/verifications", { ...account.auth, body: { flowId: "not-a-workflow" } }],
      [
        "/verifications",
        "post",
        "/api/v1/verifications",
        { token: "sk_wrong", clientId: account.clientId, body: { flowId: account.workflows.kyc } },
      ],
      ["/verifications/{verificationId}", "get", `/api/v1/verifications/${started.verificationId}`, account.auth],
      [
        "/verifications/{verificationId}/status",
        "get",
        `/api/v1/verifications/${started.verificationId}/status`,
        account.auth,
      ],
      [
        "/verifications/{verificationId}",
        "get",
        "/api/v1/verifications/0192f0c4-0000-7000-8000-000000000000",
        account.auth,
      ],
      [
        "/verifications/{verificationId}/send-inputs",
        "post",
        `/api/v1/verifications/${started.verificationId}/send-inputs`,
        {
          ...account.auth,
          body: { inputs: [{ fieldName: "CITY", value: "Springfield", type: "TEXT" }], complete: false },
        },
      ],
      [
        "/verifications/{verificationId}/send-inputs",
        "post",
        `/api/v1/verifications/${started.verificationId}/send-inputs`,
        { ...account.auth, body: { inputs: "nope" } },
      ],
      [
        "/verifications/{verificationId}/credential-request",
        "post",
        `/api/v1/verifications/${wallet.verificationId}/credential-request`,
        { ...account.auth, body: {} },
      ],
      [
        "/verifications/{verificationId}/credential-request",
        "post",
        `/api/v1/verifications/${wallet.verificationId}/credential-request`,
        { ...account.auth, body: { origin: "https://not-named.example" } },
      ],
      [
        "/workflows/{workflowId}/links",
        "post",
        `/api/v1/workflows/${account.workflows.kyc}/links`,
        { ...account.auth, body: { metadata: { userId: "u-1" } } },
      ],
      ["/workflows/supported-document-types", "get", "/api/v1/workflows/supported-document-types", {}],
      [
        "/workflows/{workflowId}/document-types",
        "get",
        `/api/v1/workflows/${account.workflows.kyc}/document-types?country=FR`,
        account.auth,
      ],
      [
        "/workflows/{workflowId}/document-types",
        "get",
        `/api/v1/workflows/${account.workflows.kyc}/document-types?country=XXX`,
        account.auth,
      ],
    ];
    const statuses: number[] = [];
    for (const [docPath, method, url, options] of cases) {
      const response = await call(routeOf(docPath), url, { ...options, method: method.toUpperCase() });
      statuses.push(response.status);
      const validate = validatorFor(ajv, docPath, method, response.status);
      expect(
        validate(response.body) ? [] : validate.errors,
        `${method.toUpperCase()} ${url} → ${response.status}`,
      ).toEqual([]);
    }
    expect(statuses).toEqual([201, 400, 401, 200, 200, 404, 200, 400, 200, 400, 201, 200, 200, 400]);
  });
});
