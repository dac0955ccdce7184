import "server-only";
import { assertCan, type Member } from "@/lib/auth/permissions";
import { z } from "zod";
import { prisma } from "@/lib/core/db";
import { byMember, recordAudit } from "@/lib/domain/audit/record-audit";

type Actor = Pick<Member, "accountId" | "userId" | "role">;

export const AccountSettingsSchema = z.object({
  name: z.string().trim().min(1, "Required").max(100, "At most 100 characters"),
  // empty: keep personal data until deleted on request
  retentionDays: z.union([
    z.literal("").transform(() => null),
    z.coerce.number("Enter a number of days").int("Whole days").min(1, "At least 1 day").max(3650, "At most 3650 days"),
  ]),
  // one per line: hosts a shareable link's redirectUrl may name (`shop.example`, `*.shop.example`)
  allowedRedirectHosts: lines(
    z.string().regex(/^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+$/i, "One host per line, like shop.example or *.shop.example"),
  ),
  // one per line: origins that may frame the verify page (`https://app.example`)
  allowedFrameOrigins: lines(
    z
      .string()
      .regex(
        /^https:\/\/([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$|^http:\/\/localhost(:\d{1,5})?$/i,
        "One origin per line, like https://app.example (https only)",
      ),
  ),
  // the hosted page (issue 16): the consent screen's privacy notice link, the finish screen's words and result;
  // absent: left as they are
  privacyNoticeUrl: z
    .union([
      z.literal("").transform(() => null),
      z
        .string()
        .trim()
        .max(500, "At most 500 characters")
        .regex(/^https:\/\/[^\s]+$/i, "An https:// address")
        .pipe(z.url("An https:// address")),
    ])
    .optional(),
  finishMessage: z
    .string()
    .trim()
    .max(500, "At most 500 characters")
    .transform((text) => text || null)
    .optional(),
  showResultToEndUser: z.boolean().optional(),
});

const SELECTED = {
  name: true,
  retentionDays: true,
  allowedRedirectHosts: true,
  allowedFrameOrigins: true,
  privacyNoticeUrl: true,
  finishMessage: true,
  showResultToEndUser: true,
} as const;

function lines(item: z.ZodString) {
  return z
    .string()
    .optional()
    .transform((text) => [
      ...new Set(
        (text ?? "")
          .split(/[\s,]+/)
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(item).max(20, "At most 20 entries"));
}

export async function getAccountSettings(member: { accountId: string }) {
  return prisma.account.findUniqueOrThrow({
    where: { id: member.accountId },
    select: { ...SELECTED, clientId: true, logo: { select: { updatedAt: true } } },
  });
}

export async function updateAccountSettings(member: Actor, input: z.input<typeof AccountSettingsSchema>) {
  assertCan(member, "manageAccount");
  const data = AccountSettingsSchema.parse(input);
  await prisma.$transaction(async (tx) => {
    const before = await tx.account.findUniqueOrThrow({
      where: { id: member.accountId },
      select: SELECTED,
    });
    await tx.account.update({ where: { id: member.accountId }, data });
    await recordAudit(tx, {
      ...byMember(member),
      action: "account.settings_updated",
      target: { type: "Account", id: member.accountId },
      data: { before, after: data },
    });
  });
}
