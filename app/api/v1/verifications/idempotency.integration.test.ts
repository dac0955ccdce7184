import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/core/clock";
import { prisma } from "@/lib/core/db";
import * as startModule from "@/app/api/v1/verifications/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import { call, route } from "@/test/api-client";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { redactVerifications } from "@/lib/domain/privacy/redact-verifications";
import { sweepStaleVerifications } from "@/lib/domain/verifications/sweep-stale";
import { createTestAccount, sessionTokenFor, startVerification, type TestAccount } from "@/test/fixtures";

const startRoute = route("/api/v1/verifications", startModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);

let account: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  account = await createTestAccount();
  other = await createTestAccount();
});

afterEach(() => vi.restoreAllMocks());

const start = (key: string | undefined, body: unknown, auth = account.auth) =>
  call(startRoute, "/api/v1/verifications", {
    ...auth,
    body,
    headers: key === undefined ? {} : { "idempotency-key": key },
  });

const countFor = (accountId: string) => prisma.verification.count({ where: { accountId } });

const ADDRESS = [
  { fieldName: "ADDRESS_LINE", value: "1600 Amphitheatre Pkwy", type: "TEXT" },
  { fieldName: "CITY", value: "Mountain View", type: "TEXT" },
  { fieldName: "PROVINCE", value: "CA", type: "TEXT" },
  { fieldName: "POSTAL_CODE", value: "94043", type: "TEXT" },
  { fieldName: "COUNTRY", value: "US", type: "TEXT" },
];

describe("Idempotency-Key on POST /api/v1/verifications", () => {
  it("replays the first answer to a retry with the same body and creates one verification", async () => {
    const body = { flowId: account.workflows["address-only"], metadata: { reference: "idem-1" } };
    const before = await countFor(account.accountId);
    const first = await start("order-1", body);
    const again = await start("order-1", body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await countFor(account.accountId)).toBe(before + 1);
  });

  it("refuses the same key with another body with 409 IDEMPOTENCY_KEY_REUSED, and stores nothing", async () => {
    const first = await start("order-2", { flowId: account.workflows["address-only"] });
    expect(first.status).toBe(201);
    const before = await countFor(account.accountId);
    const reused = await start("order-2", { flowId: account.workflows["address-only"], metadata: { x: 1 } });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await countFor(account.accountId)).toBe(before);
  });

  it("creates exactly one verification for concurrent requests with one key", async () => {
    const body = { flowId: account.workflows["address-only"], metadata: { reference: "race" } };
    const before = await countFor(account.accountId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => start("race-key", body)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.verificationId)).size).toBe(1);
    expect(await countFor(account.accountId)).toBe(before + 1);
  });

  it("keys belong to one account: another account's same key starts its own verification", async () => {
    const mine = await start("shared-name", { flowId: account.workflows["address-only"] });
    const theirs = await start("shared-name", { flowId: other.workflows["address-only"] }, other.auth);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.verificationId).not.toBe(mine.body.verificationId);
  });

  it("keeps no failed answer: a corrected retry with the same key runs", async () => {
    const failed = await start("fix-me", { flowId: "not-a-workflow" });
    expect(failed.status).toBe(400);
    const fixed = await start("fix-me", { flowId: account.workflows["address-only"] });
    expect(fixed.status).toBe(201);
  });

  it("forgets a key after 24 hours", async () => {
    const body = { flowId: account.workflows["address-only"] };
    const first = await start("day-old", body);
    vi.spyOn(clock, "now").mockReturnValue(new Date(Date.now() + 24 * 3_600_000 + 1_000));
    const later = await start("day-old", body);
    expect(later.status).toBe(201);
    expect(later.body.verificationId).not.toBe(first.body.verificationId);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
  });

  it("refuses a malformed key with a VALIDATION_ERROR naming the header", async () => {
    const response = await start("has space", { flowId: account.workflows["address-only"] });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ field: "Idempotency-Key" })]);
    expect((await start("x".repeat(256), { flowId: account.workflows["address-only"] })).status).toBe(400);
  });

  it("stores the answer sealed: the resume token is not readable in the table", async () => {
    const first = await start("sealed-1", { flowId: account.workflows["address-only"] });
    const row = await prisma.idempotencyKey.findFirstOrThrow({
      where: { accountId: account.accountId, key: { endsWith: ":sealed-1" } },
    });
    expect(row.responseBody).toMatch(/^sealed:v1:/);
    expect(row.responseBody).not.toContain(first.body.verificationId);
  });

  it("without the header every request starts a verification (the contract is unchanged)", async () => {
    const body = { flowId: account.workflows["address-only"] };
    const a = await start(undefined, body);
    const b = await start(undefined, body);
    expect(a.body.verificationId).not.toBe(b.body.verificationId);
  });
});

describe("Idempotency-Key on send-inputs", () => {
  it("replays a JSON send-inputs and refuses the key with other inputs", async () => {
    const { verificationId } = await startVerification(account, "address-only");
    const send = (key: string, inputs: unknown) =>
      call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
        ...account.auth,
        body: { inputs, complete: false },
        headers: { "idempotency-key": key },
      });
    const first = await send("inputs-1", ADDRESS);
    expect(first.status).toBe(200);
    const again = await send("inputs-1", ADDRESS);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await send("inputs-1", ADDRESS.slice(0, 2));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("treats two multipart bodies with the same parts but different boundaries as one request", async () => {
    const { verificationId } = await startVerification(account, "address-only");
    const send = (boundary: string) =>
      call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
        ...account.auth,
        body: new TextEncoder().encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="inputs"\r\n\r\n${JSON.stringify(ADDRESS)}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="complete"\r\n\r\nfalse\r\n--${boundary}--\r\n`,
        ),
        headers: {
          "idempotency-key": "multipart-1",
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
      });
    const first = await send("----boundaryAAAAAAAA");
    expect(first.status, first.text).toBe(200);
    const again = await send("----boundaryBBBBBBBB");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });
});

describe("Idempotency-Key scope: account, mode and caller (issue 33)", () => {
  const scopes = ["verification:create", "verification:read", "verification:inputs"] as const;
  const keyOf = async (mode: "live" | "test") =>
    account.as((await createApiKey(account.accountId, { name: `idem ${mode}`, scopes: [...scopes], mode })).key);

  it("a test key with a live key's Idempotency-Key and body starts its own test verification, never the live answer", async () => {
    const body = { flowId: account.workflows["address-only"], metadata: { reference: "mode-1" } };
    const live = await start("mode-key", body);
    expect(live.status).toBe(201);
    const test = await start("mode-key", body, await keyOf("test"));
    expect(test.status).toBe(201);
    expect(test.headers.get("idempotent-replayed")).toBeNull();
    expect(test.body.verificationId).not.toBe(live.body.verificationId);
    expect(test.body.verificationUrl).not.toBe(live.body.verificationUrl);
    const created = await prisma.verification.findUniqueOrThrow({ where: { id: test.body.verificationId } });
    expect(created.mode).toBe("test");
  });

  it("another API key of the account does not replay this key's answer", async () => {
    const body = { flowId: account.workflows["address-only"] };
    const first = await start("caller-key", body);
    const second = await start("caller-key", body, await keyOf("live"));
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.verificationId).not.toBe(first.body.verificationId);
  });

  it("an end user's session cannot claim a key the integrator uses later on the same verification", async () => {
    const { verificationId, verificationUrl } = await startVerification(account, "address-only");
    const session = await sessionTokenFor(verificationUrl);
    const send = (auth: { token: string; clientId?: string }, inputs: unknown) =>
      call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, {
        ...auth,
        body: { inputs, complete: false },
        headers: { "idempotency-key": "claimed-by-end-user" },
      });
    expect((await send({ token: session }, ADDRESS.slice(0, 1))).status).toBe(200);
    const integrator = await send(account.auth, ADDRESS);
    expect(integrator.status, integrator.text).toBe(200);
    expect(integrator.headers.get("idempotent-replayed")).toBeNull();
  });

  it("erasing a verification deletes its kept answers; the sweep deletes expired ones", async () => {
    const first = await start("erase-me", { flowId: account.workflows["address-only"] });
    const verificationId = first.body.verificationId as string;
    const rows = () => prisma.idempotencyKey.count({ where: { accountId: account.accountId, verificationId } });
    expect(await rows()).toBe(1);
    await prisma.$transaction((tx) => redactVerifications(tx, account.accountId, [verificationId], new Date()));
    expect(await rows()).toBe(0);

    await start("expire-me", { flowId: account.workflows["address-only"] });
    const expiring = { accountId: account.accountId, key: { endsWith: ":expire-me" } };
    expect(await prisma.idempotencyKey.count({ where: expiring })).toBe(1);
    await sweepStaleVerifications(new Date(Date.now() + 24 * 3_600_000 + 60_000));
    expect(await prisma.idempotencyKey.count({ where: expiring })).toBe(0);
  });
});
