import "server-only";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";

/** `accountId`: whose mail it is (the outbox shows an account only its own; never sent over SMTP). */
export type Mail = { to: string; subject: string; text: string; html?: string; accountId?: string | null };

type Transport = { sendMail(mail: Mail & { from: string }): Promise<unknown> };
let transport: Transport | undefined;

/**
 * Sends through SMTP_URL with nodemailer. Without SMTP (the embedded default and the tests) the mail is written
 * to the OutboxEmail table, shown at /outbox to the account's dashboard users (lib/domain/email/outbox-access.ts) and read by the tests.
 */
export async function sendEmail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) {
    await prisma.outboxEmail.create({
      data: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, accountId: mail.accountId ?? null },
    });
    return;
  }
  if (!transport) {
    const nodemailer = await import("nodemailer");
    transport = nodemailer.createTransport(SMTP_URL) as unknown as Transport;
  }
  await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, from: MAIL_FROM });
}
