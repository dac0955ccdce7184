// Test-only: a real HTTP receiver on 127.0.0.1 that records every delivery and checks its signatures with its
// own implementation of both schemes (not lib/domain/webhooks/verify-webhook.ts), as an integrator's server would.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  headers: http.IncomingHttpHeaders;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of a delivered payload
  json: any;
  serviceSignatureValid: boolean;
  standardSignatureValid: boolean;
};
export type Behaviour = "ok" | "fail500" | "slow" | "reset" | "redirect" | "hang" | "echo";

export async function startReceiver(secret: string, initial: Behaviour = "ok") {
  const key = Buffer.from(secret, "base64");
  const received: Received[] = [];
  let behaviour: Behaviour = initial;
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const serviceExpected = createHmac("sha256", key).update(body).digest("hex");
      const serviceGot = String(req.headers["x-service-signature"] ?? "").replace(/^sha256=/, "");
      const standardExpected = createHmac("sha256", key)
        .update(`${req.headers["webhook-id"]}.${req.headers["webhook-timestamp"]}.${body}`)
        .digest("base64");
      const standardGot = String(req.headers["webhook-signature"] ?? "").replace(/^v1,/, "");
      const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
      received.push({
        headers: req.headers,
        body,
        json: JSON.parse(body),
        serviceSignatureValid: same(serviceExpected, serviceGot),
        standardSignatureValid: same(standardExpected, standardGot),
      });
      switch (behaviour) {
        case "ok":
          return void res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
        // a receiver that answers with what it got: the attempt's response excerpt then holds the payload
        case "echo":
          return void res.writeHead(200, { "content-type": "application/json" }).end(body);
        case "fail500":
          return void res.writeHead(500).end("receiver exploded ".repeat(200));
        case "redirect":
          return void res.writeHead(302, { location: "http://127.0.0.1:1/" }).end();
        case "reset":
          return void req.socket.destroy();
        case "slow":
          return void setTimeout(() => res.writeHead(200).end("late"), 11_000);
        case "hang":
          return void hanging.push(res);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
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
