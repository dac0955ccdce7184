// The integration itself: an Express app with three routes of the integrator's own.
//   GET  /               a checkout page that embeds the verification flow (OpenKYC.open from the service's /embed.js)
//   POST /verifications  your server starts a verification with the SDK and hands the page its verificationUrl
//   POST /webhooks       the service tells you the outcome; the SDK's verifyWebhook checks the signature first
import express from "express";
import { OpenKYC, verifyWebhook, WebhookVerificationError } from "@openkyc/node";

/**
 * @param {{ serviceUrl: string, apiKey: string, clientId: string, flowId: string, webhookSecret: string }} config
 */
export function createApp(config) {
  const kyc = new OpenKYC({ baseUrl: config.serviceUrl, apiKey: config.apiKey, clientId: config.clientId });
  /** verificationId → the events received for it (a real integration writes them to its database) */
  const events = new Map();
  const app = express();

  app.get("/", (_req, res) => {
    res.type("html").send(page(config.serviceUrl));
  });

  app.post("/verifications", express.json(), async (req, res) => {
    try {
      // your own id for this attempt makes a retry of this call safe (the service replays the first answer)
      const orderId = typeof req.body?.orderId === "string" ? req.body.orderId : undefined;
      const started = await kyc.verifications.start(
        { flowId: config.flowId, metadata: { reference: orderId ?? "example" } },
        orderId ? { idempotencyKey: `order-${orderId}` } : {},
      );
      res.status(201).json({ verificationId: started.verificationId, verificationUrl: started.verificationUrl });
    } catch (error) {
      res.status(502).json({ error: error.code ?? "UNAVAILABLE", message: error.message });
    }
  });

  // the raw body: a signature is over the exact bytes sent, never over re-serialised JSON
  app.post("/webhooks", express.raw({ type: "*/*", limit: "1mb" }), (req, res) => {
    let event;
    try {
      event = verifyWebhook(req.body, req.headers, config.webhookSecret);
    } catch (error) {
      if (error instanceof WebhookVerificationError) return res.status(400).send(error.message);
      throw error;
    }
    const list = events.get(event.verificationId) ?? [];
    // deliveries are retried until answered 2xx: the same eventId may arrive twice
    if (!list.some((e) => e.eventId === event.eventId)) list.push(event);
    events.set(event.verificationId, list);
    res.sendStatus(200);
  });

  app.get("/verifications/:id/events", (req, res) => {
    res.json((events.get(req.params.id) ?? []).map((e) => ({ eventName: e.eventName, eventId: e.eventId })));
  });

  return { app, events };
}

function page(serviceUrl) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example shop</title>
<script src="${serviceUrl}/embed.js"></script></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem">
<h1>Example shop</h1>
<p>Before we ship, we need to verify your identity.</p>
<button id="verify">Verify my identity</button>
<p id="result" role="status"></p>
<script>
  const result = document.getElementById("result");
  document.getElementById("verify").addEventListener("click", async () => {
    const answer = await fetch("/verifications", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderId: String(Date.now()) }) });
    const { verificationUrl } = await answer.json();
    OpenKYC.open({
      verificationUrl,
      onComplete: ({ verificationId }) => { result.textContent = "Thank you! Verification " + verificationId + " submitted."; },
      onCancel: () => { result.textContent = "Verification cancelled."; },
      onError: (e) => {
        // e.g. FRAME_UNAVAILABLE: this origin is not among the account's allowed frame origins
        result.innerHTML = "The flow could not be embedded (" + e.code + "). <a href='" + verificationUrl + "'>Open it here</a>.";
      },
    });
  });
</script></body></html>`;
}
