// The load of `npm run soak:cluster`: verifications through both app instances as an integrator's servers would send
// them behind a load balancer (a request that finds an instance dead goes to the other one), and the probes of the
// limits that must hold across instances.
import { randomUUID } from "node:crypto";
import { sleep } from "../bench/common.mjs";

/** One API call; on a network error (the instance was killed) it tries the other instance, as a balancer would. */
async function api(bases, preferred, path, { key, clientId, body, method }, stats) {
  let lastError;
  for (let attempt = 0; attempt < 40; attempt++) {
    const base = bases[(preferred + attempt) % bases.length];
    try {
      const response = await fetch(`${base}${path}`, {
        method: method ?? (body ? "POST" : "GET"),
        headers: {
          authorization: `Bearer ${key}`,
          "x-client-id": clientId,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      // a 5xx rolled its transaction back (nothing half-written): an integrator retries it, so do we (counted). Ten
      // tries over ~35 s: on this shared 2-core machine at load 30 one send-inputs answered 500 six times running
      // (a transaction past Prisma's 5 s while the process was starved) and stopped a run
      if (response.status >= 500 && attempt < 10) {
        if (stats) stats.serverErrors++;
        await sleep(Math.min(500 * (attempt + 1), 5_000));
        continue;
      }
      return { status: response.status, headers: response.headers, text, retried: attempt > 0 };
    } catch (error) {
      lastError = error;
      if (stats) stats.retried++;
      await sleep(attempt < bases.length ? 50 : 500);
    }
  }
  throw new Error(`${path}: no instance answered (${lastError?.cause?.code ?? lastError?.name})`);
}

const json = (r) => (r.text ? JSON.parse(r.text) : null);

async function latestCode(db, email) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query(
      `SELECT "text" FROM "OutboxEmail" WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 1`,
      [email],
    );
    const code = rows[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await sleep(100);
  }
  throw new Error("no OTP mailed");
}

/**
 * Drives `count` verifications, `concurrency` at a time, alternating the two instances. Returns the ids it knows
 * (201 answers), what it submitted that is personal (for the log check), and the X-Request-Id of each start.
 */
export async function driveLoad({ bases, setup, db, count, concurrency, shares, passport, onProgress }) {
  const auth = { key: setup.apiKey, clientId: setup.clientId };
  const out = {
    known: [],
    pii: [],
    startRequestIds: [],
    byKind: { address: 0, email: 0, document: 0 },
    stats: { retried: 0, serverErrors: 0 },
    lostStarts: 0,
  };
  const pending = [];
  const kinds = Array.from({ length: count }, (_, i) => {
    const r = ((i * 7919) % 1000) / 1000; // spread deterministically over the run
    return r < shares.document ? "document" : r < shares.document + shares.email ? "email" : "address";
  });
  let next = 0;
  let startedCount = 0;

  async function one(i) {
    const kind = kinds[i];
    const preferred = i % 2;
    const reference = `soak-ref-${randomUUID()}`;
    const workflow = kind === "address" ? "address-only" : kind;
    const start = await api(
      bases,
      preferred,
      "/api/v1/verifications",
      {
        ...auth,
        body: { flowId: setup.workflows[workflow], metadata: { reference, userId: `soak-user-${i}` } },
      },
      out.stats,
    );
    if (start.status !== 201) {
      // a start whose answer was lost in the kill may have been written: counted, not driven on
      if (start.retried) out.lostStarts++;
      else throw new Error(`start answered ${start.status}: ${start.text.slice(0, 200)}`);
      return;
    }
    if (start.retried) out.lostStarts++; // the first try may have been written too (its answer never came)
    const { id } = json(start);
    out.known.push(id);
    out.startRequestIds.push([id, start.headers.get("x-request-id")]);
    out.pii.push(reference);
    out.byKind[kind]++;
    startedCount++;
    const progress = onProgress?.(startedCount);
    if (progress) pending.push(progress);

    let inputs;
    if (kind === "address") {
      const line = `${100 + i} Soakmeadow Lane`;
      out.pii.push(line);
      inputs = [
        { fieldName: "ADDRESS_LINE", value: line, type: "TEXT" },
        { fieldName: "CITY", value: "Mountain View", type: "TEXT" },
        { fieldName: "PROVINCE", value: "CA", type: "TEXT" },
        { fieldName: "POSTAL_CODE", value: "94043", type: "TEXT" },
        { fieldName: "COUNTRY", value: "US", type: "TEXT" },
      ];
    } else if (kind === "email") {
      const email = `soak-${i}-${randomUUID().slice(0, 8)}@example.test`;
      out.pii.push(email);
      const asked = await api(
        bases,
        preferred + 1,
        `/api/v1/workflows/${setup.workflows.email}/email-otp`,
        {
          ...auth,
          body: { key: email, verificationId: id },
        },
        out.stats,
      );
      if (asked.status >= 300) throw new Error(`email-otp answered ${asked.status}`);
      const code = await latestCode(db, email);
      out.pii.push(code);
      inputs = [
        { fieldName: "EMAIL", value: email, type: "TEXT" },
        { fieldName: "EMAIL_OTP", value: code, type: "TEXT" },
      ];
    } else {
      inputs = [
        { fieldName: "DOCUMENT_FRONT", type: "FILE", value: `data:image/jpeg;base64,${passport.toString("base64")}` },
        { fieldName: "DOCUMENT_COUNTRY", type: "TEXT", value: setup.passport.country },
        { fieldName: "DOCUMENT_TYPE", type: "TEXT", value: "PASSPORT" },
      ];
    }
    const sent = await api(
      bases,
      preferred,
      `/api/v1/verifications/${id}/send-inputs`,
      { ...auth, body: { inputs } },
      out.stats,
    );
    // after a lost answer the retry finds the inputs already in (INVALID_STATE): that is the first try's success
    if (sent.status !== 200 && !(sent.retried && sent.status === 409))
      throw new Error(`send-inputs answered ${sent.status}: ${sent.text.slice(0, 200)}`);
  }

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await one(next++);
    }),
  );
  await Promise.all(pending);
  out.retried = out.stats.retried;
  out.serverErrors = out.stats.serverErrors;
  return out;
}

/** Sends limit + 10 requests with a limited key, alternating instances, inside one rate window. */
export async function probeRateLimit({ bases, setup, verificationId }) {
  // start early in a minute: the fixed window must not turn over in the middle of the probe
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await sleep(60_500 - intoMinute);
  const limit = setup.limitedPerMinute;
  const sent = limit + 10;
  let ok = 0;
  let refused = 0;
  for (let i = 0; i < sent; i++) {
    const r = await api(bases, i % 2, `/api/v1/verifications/${verificationId}/status`, {
      key: setup.limitedKey,
      clientId: setup.clientId,
    });
    if (r.status === 200) ok++;
    else if (r.status === 429) refused++;
  }
  return { limit, sent, ok, refused };
}

/** Asks for more codes for one verification than the per-verification limit allows, alternating instances. */
export async function probeOtpLimit({ bases, setup, db }) {
  const auth = { key: setup.apiKey, clientId: setup.clientId };
  const start = await api(bases, 0, "/api/v1/verifications", {
    ...auth,
    body: { flowId: setup.workflows.email, metadata: { reference: `soak-otp-${randomUUID()}` } },
  });
  const { id } = json(start);
  const limit = 5; // OTP_REQUESTS_PER_VERIFICATION_PER_HOUR (lib/shared/otp-limits.ts)
  const sent = limit + 3;
  let accepted = 0;
  let refused = 0;
  const codes = [];
  let acceptedEmail;
  for (let i = 0; i < sent; i++) {
    const email = `soak-otp-${i}-${randomUUID().slice(0, 8)}@example.test`;
    const r = await api(bases, i % 2, `/api/v1/workflows/${setup.workflows.email}/email-otp`, {
      ...auth,
      body: { key: email, verificationId: id },
    });
    if (r.status < 300) {
      accepted++;
      acceptedEmail = email;
      codes.push(await latestCode(db, email));
    } else if (r.status === 429) refused++;
  }
  // finish it, so that it is final like every other
  await api(bases, 1, `/api/v1/verifications/${id}/send-inputs`, {
    ...auth,
    body: {
      inputs: [
        { fieldName: "EMAIL", value: acceptedEmail, type: "TEXT" },
        { fieldName: "EMAIL_OTP", value: codes.at(-1) ?? "000000", type: "TEXT" },
      ],
    },
  });
  return { limit, sent, accepted, refused, codes, emails: [acceptedEmail], verificationIds: [id] };
}
