// `npm start` here (with the service running: `npm start` at the repository root) — one command.
// Without configuration it asks the service's own seed script (`npm run seed` at the root) for the demo account's
// client id, an API key and the address-only workflow, and registers this example's /webhooks endpoint.
// Set OPENKYC_URL, OPENKYC_API_KEY, OPENKYC_CLIENT_ID, OPENKYC_FLOW_ID and OPENKYC_WEBHOOK_SECRET to use your own.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "./app.mjs";

const port = Number(process.env.EXAMPLE_PORT ?? 4000);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function fromSeed() {
  const out = execFileSync("npm", ["run", "-s", "seed", "--", "--webhook-url", `http://localhost:${port}/webhooks`], {
    cwd: root,
    encoding: "utf8",
  });
  const seed = JSON.parse(out);
  return {
    serviceUrl: seed.baseUrl.replace(/\/api\/v1$/, ""),
    apiKey: seed.apiKey,
    clientId: seed.clientId,
    flowId: seed.workflows["address-only"],
    webhookSecret: seed.webhook.secret,
  };
}

const env = process.env;
const config = env.OPENKYC_API_KEY
  ? {
      serviceUrl: env.OPENKYC_URL ?? "http://localhost:3000",
      apiKey: env.OPENKYC_API_KEY,
      clientId: env.OPENKYC_CLIENT_ID,
      flowId: env.OPENKYC_FLOW_ID,
      webhookSecret: env.OPENKYC_WEBHOOK_SECRET,
    }
  : fromSeed();

const { app } = createApp(config);
app.listen(port, () => {
  console.log(`Example shop on http://localhost:${port} (service ${config.serviceUrl})`);
  console.log(
    `To embed the flow, add http://localhost:${port} to the account's allowed frame origins (dashboard → Settings).`,
  );
});
