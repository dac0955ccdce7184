import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/core/env";
import {
  answerAsTestWallet,
  createTestIssuer,
  createTestStatusList,
  issueTestCredential,
  SAMPLE_PEOPLE,
  type TestCredential,
  type TestIssuer,
} from "@/lib/engines/credentials/test-kit";
import type { DigitalCredentialRequest } from "@/lib/engines/credentials/types";
import { call } from "@/test/api-client";
import { holderForgesDisclosure, type Scenario } from "@/test/credential-scenario";
import { loadCredentialRequest } from "@/lib/domain/credentials/credential-request";
import { createTestAccount, type TestAccount } from "@/test/fixtures";
import { checkResult, credentialRequest, present, requestsOf, sendInputsRoute, start } from "@/test/wallet-fixtures";

// Issue 34's forged cases, each refused through the API with its own reason (data.credential_failure, and the
// FAILED check that names it): an element changed after signing, an issuer outside the trust anchors, an expired
// credential, a presentation replayed into another verification, a wrong origin, a revoked status. And another
// tenant's verification is not found.

const ORIGIN = "http://localhost:3000";
let account: TestAccount;
let issuer: TestIssuer;
let anchorsDir: string;
let statusServer: http.Server;
let statusUri: string;

beforeAll(async () => {
  issuer = await createTestIssuer({ name: "Trusted test issuer", country: "DE" });
  anchorsDir = await mkdtemp(path.join(tmpdir(), "anchors-"));
  await writeFile(path.join(anchorsDir, "issuer.pem"), issuer.rootPem);
  // an issuer's status list endpoint: index 7 is revoked
  statusServer = http.createServer();
  await new Promise<void>((resolve) => statusServer.listen(0, "127.0.0.1", resolve));
  statusUri = `http://127.0.0.1:${(statusServer.address() as AddressInfo).port}/status/1`;
  const list = await createTestStatusList(issuer, { uri: statusUri, revoked: [7] });
  statusServer.on("request", (req, res) =>
    req.url === "/status/1"
      ? res.writeHead(200, { "content-type": "application/statuslist+jwt" }).end(list.token)
      : res.writeHead(404).end(),
  );
  vi.stubEnv("CREDENTIAL_TRUST_ANCHORS_DIR", anchorsDir);
  vi.stubEnv("CREDENTIAL_STATUS_ALLOW_PRIVATE_NETWORKS", "true");
  vi.stubEnv("PUBLIC_URL", ORIGIN);
  resetEnvCache();
  account = await createTestAccount({ workflows: [{ name: "wallet", processes: ["DIGITAL_CREDENTIAL"] }] });
});

afterAll(async () => {
  await new Promise<void>((resolve) => statusServer?.close(() => resolve()));
  await rm(anchorsDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
  resetEnvCache();
});

async function refusedWith(answer: unknown, id: string, reason: string, check: string) {
  const { record, data, checks } = await present(account.auth, id, answer);
  expect(record).toMatchObject({ status: "COMPLETED", result: "DECLINED" });
  expect(data.credential_failure).toBe(reason);
  expect(checkResult(checks, check), `${check} in ${JSON.stringify(checks)}`).toBe("FAILED");
  return { data, checks };
}

/** An mdoc with one character of the holder's given name changed after the issuer signed it (same CBOR length). */
function tamperGivenName(credential: TestCredential): TestCredential {
  const bytes = Buffer.from(credential.encoded, "base64url");
  const at = bytes.indexOf(Buffer.from("Erika"));
  expect(at).toBeGreaterThan(0);
  bytes[at + 4] = "b".charCodeAt(0);
  return { ...credential, encoded: bytes.toString("base64url") };
}

describe("forged and misused credentials are refused, each with its own reason", () => {
  it("MDL with an element changed after signing: TAMPERED", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const requests = await requestsOf(account.auth, id);
    const credential = tamperGivenName(await issueTestCredential(issuer, "MDL", SAMPLE_PEOPLE.erika));
    const answer = await answerAsTestWallet(requests, credential, { origin: ORIGIN });
    const { data } = await refusedWith(answer, id, "TAMPERED", "ELEMENTS_INTACT");
    expect(data.given_names ?? null).not.toBe("Erikb");
  });

  it("EU_PID_SD_JWT with a disclosure changed by its holder after signing: TAMPERED", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const requests = await requestsOf(account.auth, id);
    const credential = await issueTestCredential(issuer, "EU_PID_SD_JWT", SAMPLE_PEOPLE.erika);
    const genuine = await answerAsTestWallet(requests, credential, { origin: ORIGIN });
    // the holder edits its own presentation before encrypting it to us (the helper opens the genuine answer with
    // our stored key only to save re-building it), then signs a fresh key-binding JWT over it
    const stored = (await loadCredentialRequest(id))!;
    const scenario = { prepared: stored, credential } as unknown as Scenario;
    const forged = await holderForgesDisclosure(scenario, genuine, "given_name", "Forged");
    const { data } = await refusedWith(forged, id, "TAMPERED", "ELEMENTS_INTACT");
    expect(data.given_names ?? null).not.toBe("Forged");
  });

  it("an issuer outside the trust anchors: UNKNOWN_ISSUER", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const stranger = await createTestIssuer({ name: "Unknown issuer" });
    const credential = await issueTestCredential(stranger, "EU_PID_MDOC", SAMPLE_PEOPLE.erika);
    const answer = await answerAsTestWallet(await requestsOf(account.auth, id), credential, { origin: ORIGIN });
    await refusedWith(answer, id, "UNKNOWN_ISSUER", "ISSUER_TRUSTED");
  });

  it.each(["MDL", "EU_PID_SD_JWT"] as const)("%s past its validity: EXPIRED", async (kind) => {
    const id = await start(account.auth, account.workflows.wallet!);
    const day = 86_400_000;
    const credential = await issueTestCredential(issuer, kind, SAMPLE_PEOPLE.erika, {
      validFrom: new Date(Date.now() - 400 * day),
      validUntil: new Date(Date.now() - day),
    });
    const answer = await answerAsTestWallet(await requestsOf(account.auth, id), credential, { origin: ORIGIN });
    await refusedWith(answer, id, "EXPIRED", "VALIDITY");
  });

  // an mdoc's device signature covers nonce and origin at once: which of the two differs cannot be told apart
  it.each([
    ["MDL", "REPLAYED_OR_WRONG_AUDIENCE"],
    ["EU_PID_SD_JWT", "REPLAYED"],
  ] as const)("%s presented for another verification and replayed into this one: %s", async (kind, reason) => {
    const other = await start(account.auth, account.workflows.wallet!);
    const otherRequests = await requestsOf(account.auth, other);
    const id = await start(account.auth, account.workflows.wallet!);
    const requests = await requestsOf(account.auth, id);
    const credential = await issueTestCredential(issuer, kind, SAMPLE_PEOPLE.erika);
    // the other verification's presentation (its nonce), wrapped by the replayer to this verification's key
    const replayed: DigitalCredentialRequest[] = otherRequests.map((r, i) => ({
      ...r,
      data: { ...r.data, client_metadata: requests[i]!.data.client_metadata },
    }));
    const answer = await answerAsTestWallet(replayed, credential, { origin: ORIGIN });
    await refusedWith(answer, id, reason, "NONCE");
  });

  it("the very answer of another verification cannot even be opened here", async () => {
    const other = await start(account.auth, account.workflows.wallet!);
    const credential = await issueTestCredential(issuer, "MDL", SAMPLE_PEOPLE.erika);
    const answer = await answerAsTestWallet(await requestsOf(account.auth, other), credential, { origin: ORIGIN });
    const id = await start(account.auth, account.workflows.wallet!);
    await requestsOf(account.auth, id);
    await refusedWith(answer, id, "UNREADABLE_RESPONSE", "RESPONSE_FORMAT");
  });

  it.each([
    ["MDL", "REPLAYED_OR_WRONG_AUDIENCE"],
    ["EU_PID_SD_JWT", "WRONG_AUDIENCE"],
  ] as const)("%s presented to another origin: %s", async (kind, reason) => {
    const id = await start(account.auth, account.workflows.wallet!);
    const credential = await issueTestCredential(issuer, kind, SAMPLE_PEOPLE.erika);
    const answer = await answerAsTestWallet(await requestsOf(account.auth, id), credential, {
      origin: "https://phishing.example",
    });
    await refusedWith(answer, id, reason, "AUDIENCE");
  });

  it.each(["MDL", "EU_PID_SD_JWT"] as const)("%s whose status list entry is set: REVOKED", async (kind) => {
    const id = await start(account.auth, account.workflows.wallet!);
    const credential = await issueTestCredential(issuer, kind, SAMPLE_PEOPLE.erika, {
      status: { uri: statusUri, index: 7 },
    });
    const answer = await answerAsTestWallet(await requestsOf(account.auth, id), credential, { origin: ORIGIN });
    await refusedWith(answer, id, "REVOKED", "STATUS");
  });

  it("a status list that cannot be fetched is no revocation: MANUAL_REVIEW, STATUS_UNAVAILABLE", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const unreachable = new URL(statusUri);
    unreachable.pathname = "/gone";
    const credential = await issueTestCredential(issuer, "EU_PID_SD_JWT", SAMPLE_PEOPLE.erika, {
      status: { uri: unreachable.toString(), index: 7 },
    });
    const answer = await answerAsTestWallet(await requestsOf(account.auth, id), credential, { origin: ORIGIN });
    const { record, data, checks } = await present(account.auth, id, answer);
    expect(record.result).toBe("MANUAL_REVIEW");
    expect(checkResult(checks, "STATUS")).toBe("REVIEW");
    expect(data.credential_failure).toBe("STATUS_UNAVAILABLE");
  });

  it("the same issuer's credential at a status index that is not set passes its STATUS check", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const credential = await issueTestCredential(issuer, "MDL", SAMPLE_PEOPLE.erika, {
      status: { uri: statusUri, index: 8 },
    });
    const answer = await answerAsTestWallet(await requestsOf(account.auth, id), credential, { origin: ORIGIN });
    const { record, checks } = await present(account.auth, id, answer);
    expect(record.result).toBe("APPROVED");
    expect(checkResult(checks, "STATUS")).toBe("PASSED");
  });
});

describe("another tenant", () => {
  it("cannot ask for the request of, nor answer, a verification it does not own: 404", async () => {
    const id = await start(account.auth, account.workflows.wallet!);
    const stranger = await createTestAccount({ workflows: [{ name: "wallet", processes: ["DIGITAL_CREDENTIAL"] }] });
    const asked = await credentialRequest(stranger.auth, id);
    expect(asked.status, asked.text).toBe(404);
    expect(asked.body.error).toBe("VERIFICATION_NOT_FOUND");
    const sent = await call(sendInputsRoute, `/api/v1/verifications/${id}/send-inputs`, {
      ...stranger.auth,
      body: { inputs: [{ fieldName: "DIGITAL_CREDENTIAL", type: "TEXT", value: "{}" }] },
    });
    expect(sent.status, sent.text).toBe(404);
  });
});
