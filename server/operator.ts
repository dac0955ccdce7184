// `npm run operator -- <command>`: what only the service's operator does, from the server's shell.
//   set-rate-limit <key id | key prefix> <per minute | default>   raise (or reset) one key's rate limit
//   create-account "<account name>" <owner e-mail>                a new account; prints its owner's one-time password
import { prisma } from "@/lib/core/db";
import { createAccountAsOperator, setKeyRateLimit } from "@/lib/domain/accounts/operator-actions";

const USAGE = `usage: npm run operator -- set-rate-limit <key id|prefix> <per minute|default>
       npm run operator -- create-account "<account name>" <owner e-mail>`;

async function main(argv: string[]) {
  const [command, ...args] = argv;
  switch (command) {
    case "set-rate-limit": {
      const [key, value] = args;
      if (!key || !value) throw new Error(USAGE);
      const result = await setKeyRateLimit(key, value === "default" ? null : Number(value));
      console.log(
        `key ${result.keyPrefix}… (${result.keyId}): ${result.rateLimitPerMinute ?? "service default"} per minute`,
      );
      return;
    }
    case "create-account": {
      const [name, email] = args;
      if (!name || !email) throw new Error(USAGE);
      const created = await createAccountAsOperator(name, email);
      console.log(`account ${name} (client id ${created.clientId}) with owner ${created.email}`);
      console.log(`one-time password, shown only now: ${created.password}`);
      return;
    }
    default:
      throw new Error(USAGE);
  }
}

main(process.argv.slice(2))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
