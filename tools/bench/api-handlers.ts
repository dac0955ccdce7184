// The API's own share of a request, without HTTP and Next.js: the two hottest route handlers (the very functions
// Next calls) called in a loop, one request at a time, against the real database. What bench:api measures minus
// this is the framework and Node's HTTP stack. Profile it with node's own flag to see our costs by name:
//   node --require tsx/cjs server/with-db.ts node --import tsx --conditions=react-server [--cpu-prof] \
//     tools/bench/api-handlers.ts [--requests 3000]
// (EMBEDDED_PG_PORT picks the embedded PostgreSQL's port.) Prints ONE JSON line: app CPU ms per call, each route.
import { parseArgs } from "node:util";
import { runMigrations } from "@/server/db";
import { POST as startRoute } from "@/app/api/v1/verifications/route";
import { GET as statusRoute } from "@/app/api/v1/verifications/[verificationId]/status/route";
import { runBenchAccount } from "./run-bench-account";

const { values } = parseArgs({ options: { requests: { type: "string", default: "3000" } } });
const REQUESTS = Number(values.requests);
const ORIGIN = "http://127.0.0.1:3000";

/** CPU ms per call of `call`, after a warm-up of a tenth of the calls; every answer must be `status`. */
async function cpuPerCall(status: number, call: () => Promise<Response>): Promise<number> {
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const response = await call();
      if (response.status !== status) throw new Error(`${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await run(Math.ceil(REQUESTS / 10));
  const before = process.cpuUsage();
  await run(REQUESTS);
  const { user, system } = process.cpuUsage(before);
  return Number(((user + system) / 1000 / REQUESTS).toFixed(3));
}

async function main() {
  await runMigrations("deploy");
  const bench = JSON.parse(runBenchAccount()) as {
    accountId: string;
    apiKey: string;
    clientId: string;
    flowId: string;
    verificationId: string;
  };
  try {
    const auth = { authorization: `Bearer ${bench.apiKey}`, "x-client-id": bench.clientId };
    const body = JSON.stringify({ flowId: bench.flowId, metadata: { reference: "bench" } });
    const start = await cpuPerCall(201, () =>
      startRoute(
        new Request(`${ORIGIN}/api/v1/verifications`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body,
        }),
        { params: Promise.resolve({}) },
      ),
    );
    const params = { verificationId: bench.verificationId };
    const status = await cpuPerCall(200, () =>
      statusRoute(new Request(`${ORIGIN}/api/v1/verifications/${bench.verificationId}/status`, { headers: auth }), {
        params: Promise.resolve(params),
      }),
    );
    console.log(JSON.stringify({ benchmark: "api-handlers", requests: REQUESTS, cpuMsPerCall: { start, status } }));
  } finally {
    runBenchAccount(["--teardown", bench.accountId]);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
