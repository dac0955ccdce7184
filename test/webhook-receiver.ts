// Test and tool support: THE webhook receiver, a real HTTP server on 127.0.0.1 that records every delivery and
// checks its signatures with its own implementation of both schemes (not lib/domain/webhooks/verify-webhook.ts),
// as an integrator's server would. The tests and the e2e specs start it in-process; the benchmarks run it alone on
// its own event loop through tools/webhook-receiver.ts, and the soak starts it in-process.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** the parsed body, or null when it is not JSON */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of a delivered payload
  json: any;
  eventId: string;
  eventName: string | null;
  attempt: number;
  /** this machine's wall clock when the body had arrived (comparable with the events' createdAt) */
  receivedAt: number;
  /** the HTTP status this receiver answered (0 when it reset or hung up) */
  answered: number;
  /** null when not checked: no secret, or a delivery between two samples (`checkSignaturesEvery`) */
  serviceSignatureValid: boolean | null;
  standardSignatureValid: boolean | null;
};

/**
 * How the receiver answers: "flaky" refuses a share (`flakyRate`) of first attempts with a 500, so that retries
 * run; "slow" answers after the delivery timeout; "hang" never answers; "echo" answers with the body it got.
 */
export type Behaviour = "ok" | "fail500" | "slow" | "reset" | "redirect" | "hang" | "echo" | "flaky";

export type ReceiverOptions = {
  /** 0 (default): any free port */
  port?: number;
  /** check the signatures of every n-th delivery only (the benchmarks' receiver must keep up with thousands) */
  checkSignaturesEvery?: number;
  /** the share of first attempts a "flaky" receiver refuses (default 0.2) */
  flakyRate?: number;
  /** called with each delivery once it is recorded */
  onDelivery?: (delivery: Received) => void;
};

export type WebhookReceiver = {
  url: string;
  port: number;
  received: Received[];
  signatures: { checked: number; valid: number; invalid: number };
  setBehaviour(next: Behaviour): void;
  close(): Promise<void>;
};

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Both schemes' verdicts: X-Service-Signature (hex HMAC of the body) and Standard Webhooks (id.timestamp.body). */
export function checkSignatures(key: Buffer, headers: http.IncomingHttpHeaders, body: string) {
  const service = createHmac("sha256", key).update(body).digest("hex");
  const standard = createHmac("sha256", key)
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest("base64");
  return {
    serviceSignatureValid: same(service, String(headers["x-service-signature"] ?? "").replace(/^sha256=/, "")),
    standardSignatureValid: same(standard, String(headers["webhook-signature"] ?? "").replace(/^v1,/, "")),
  };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null; // recorded without its fields
  }
}

/** Starts a receiver for an endpoint whose secret is `secret` (base64; without one, signatures go unchecked). */
export async function startReceiver(
  secret?: string,
  initial: Behaviour = "ok",
  options: ReceiverOptions = {},
): Promise<WebhookReceiver> {
  const key = secret === undefined ? null : Buffer.from(secret, "base64");
  const sampleEvery = Math.max(1, options.checkSignaturesEvery ?? 1);
  const flakyRate = options.flakyRate ?? 0.2;
  const received: Received[] = [];
  const signatures = { checked: 0, valid: 0, invalid: 0 };
  let behaviour: Behaviour = initial;
  const hanging: http.ServerResponse[] = [];

  function answer(req: http.IncomingMessage, res: http.ServerResponse, body: string, attempt: number): number {
    switch (behaviour) {
      case "ok":
        res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
        return 200;
      // a receiver that answers with what it got: the attempt's response excerpt then holds the payload
      case "echo":
        res.writeHead(200, { "content-type": "application/json" }).end(body);
        return 200;
      case "fail500":
        res.writeHead(500).end("receiver exploded ".repeat(200));
        return 500;
      case "flaky": {
        const status = attempt === 1 && Math.random() < flakyRate ? 500 : 200;
        res.writeHead(status).end(status === 200 ? "ok" : "not now");
        return status;
      }
      case "redirect":
        res.writeHead(302, { location: "http://127.0.0.1:1/" }).end();
        return 302;
      case "reset":
        req.socket.destroy();
        return 0;
      case "slow":
        setTimeout(() => res.writeHead(200).end("late"), 11_000);
        return 200;
      case "hang":
        hanging.push(res);
        return 0;
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const receivedAt = Date.now();
      const body = Buffer.concat(chunks).toString("utf8");
      const attempt = Number(req.headers["x-service-delivery-attempt"] ?? 0);
      // answered before the signature is checked, so that the time the sender waits is the receiver's least
      const answered = answer(req, res, body, attempt);
      const json = parseJson(body) as { eventId?: string; eventName?: string } | null;
      let verdict: ReturnType<typeof checkSignatures> | null = null;
      if (key && received.length % sampleEvery === 0) {
        verdict = checkSignatures(key, req.headers, body);
        signatures.checked++;
        if (verdict.serviceSignatureValid && verdict.standardSignatureValid) signatures.valid++;
        else signatures.invalid++;
      }
      const delivery: Received = {
        headers: req.headers,
        body,
        json,
        eventId: String(req.headers["webhook-id"] ?? json?.eventId ?? ""),
        eventName: json?.eventName ?? null,
        attempt,
        receivedAt,
        answered,
        serviceSignatureValid: verdict?.serviceSignatureValid ?? null,
        standardSignatureValid: verdict?.standardSignatureValid ?? null,
      };
      received.push(delivery);
      options.onDelivery?.(delivery);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    signatures,
    setBehaviour(next: Behaviour) {
      behaviour = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
