import "server-only";
import { z } from "zod";
import { prisma, type Tx } from "@/lib/core/db";
import { generateApiKey } from "@/lib/auth/api-keys/api-key-secrets";
import { SCOPES } from "@/lib/auth/api-keys/scopes";

export const CreateApiKeySchema = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z
    .array(z.enum(SCOPES))
    .min(1)
    .transform((s) => [...new Set(s)]),
  rateLimitPerMinute: z.number().int().min(1).max(1_000_000).optional(),
  expiresAt: z.date().optional(),
  // test keys drive the sandbox (docs/sandbox.md)
  mode: z.enum(["live", "test"]).default("live"),
});

/** Creates a key and returns it in full: the only time it is ever visible. */
export async function createApiKey(accountId: string, input: z.input<typeof CreateApiKeySchema>, db: Tx = prisma) {
  const data = CreateApiKeySchema.parse(input);
  const { key, keyHash, keyPrefix } = generateApiKey(data.mode);
  const created = await db.apiKey.create({
    data: {
      accountId,
      name: data.name,
      scopes: data.scopes,
      keyHash,
      keyPrefix,
      rateLimitPerMinute: data.rateLimitPerMinute,
      mode: data.mode,
      expiresAt: data.expiresAt,
    },
    select: { id: true, keyPrefix: true, scopes: true, mode: true, createdAt: true },
  });
  return { ...created, key };
}
