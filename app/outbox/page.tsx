import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { currentMember } from "@/lib/auth/current-member";
import { prisma } from "@/lib/core/db";
import { outboxScope } from "@/lib/domain/email/outbox-access";

export const metadata: Metadata = { title: "Local outbox" };
export const dynamic = "force-dynamic";

// Mail that would have gone out over SMTP (SMTP_URL unset): the demo's inbox.
export default async function OutboxPage() {
  const scope = outboxScope(await currentMember());
  if (!scope) notFound();
  const mails = await prisma.outboxEmail.findMany({
    where: scope.all ? {} : { accountId: scope.accountId },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { id: true, to: true, subject: true, text: true, createdAt: true },
  });
  return (
    <main className="container">
      <h1>Local outbox</h1>
      <p className="muted">
        SMTP_URL is not set, so e-mail is kept here instead of being sent.{" "}
        {scope.all
          ? "OUTBOX_ENABLED is set: anyone who reaches this server can read it."
          : "Only your account's mail is shown."}{" "}
        Newest first.
      </p>
      {mails.length === 0 && <p>No mail yet.</p>}
      {mails.map((mail) => (
        <article key={mail.id} className="endpoint">
          <p>
            <strong>{mail.subject}</strong>
            <br />
            <span className="muted">
              to {mail.to} · {mail.createdAt.toISOString()}
            </span>
          </p>
          <pre>{mail.text}</pre>
        </article>
      ))}
    </main>
  );
}
