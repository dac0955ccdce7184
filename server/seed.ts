// `npm run seed [-- --webhook-url URL] [-- --if-empty]`: create or update the demo account and print ONE JSON
// object on stdout (nothing else goes to stdout). --if-empty: only when the database has no account yet
// (what `npm start` does on first start); prints nothing otherwise.
import { parseArgs } from "node:util";
import { prisma } from "@/lib/core/db";
import { seedDemo } from "@/lib/domain/accounts/seed-demo";

const { values } = parseArgs({ options: { "webhook-url": { type: "string" }, "if-empty": { type: "boolean" } } });

async function main() {
  if (values["if-empty"] && (await prisma.account.count()) > 0) return;
  const result = await seedDemo({ webhookUrl: values["webhook-url"] });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main()
  .catch((error) => {
    console.error(`[seed] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
