import { inject } from "vitest";

// Per test worker: its own database of the global setup (VITEST_POOL_ID is 1…maxWorkers) and fixed secrets (tests
// must not depend on .data/).
const urls = inject("databaseUrls");
process.env.DATABASE_URL = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
process.env.APP_SECRET ??= "integration-tests-app-secret-0123456789abcdef";
process.env.STORAGE_ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
process.env.PUBLIC_URL ??= "http://localhost:3000";
// what server/http-front.ts generates per process: the secret its client-address stamps are signed with
process.env.OPENKYC_CLIENT_IP_SECRET ??= "integration-tests-client-ip-secret";
// Inngest's SDK sends events to its cloud API unless told otherwise: the tests that drive the Inngest handler must
// never reach outside this machine, so its event and API base URLs point at a closed loopback port
process.env.INNGEST_BASE_URL ??= "http://127.0.0.1:9";
process.env.INNGEST_EVENT_API_BASE_URL ??= "http://127.0.0.1:9";
process.env.INNGEST_API_BASE_URL ??= "http://127.0.0.1:9";
