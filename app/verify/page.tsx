import type { Metadata } from "next";
import { headers } from "next/headers";
import { createTranslator } from "next-intl";
import { I18nProvider } from "@/components/verify/i18n";
import { LanguageMenu } from "@/components/verify/language-menu";
import { directionOf } from "@/components/verify/languages";
import { compiledMessagesFor, pickLanguage } from "@/components/verify/messages";
import type { Messages } from "@/components/verify/messages/en";
import { VerifyFlow } from "@/components/verify/verify-flow";
import { DomainError } from "@/lib/core/errors";
import { loadHostedState } from "@/lib/domain/hosted/load-hosted-state";
import { openHostedSession } from "@/lib/domain/hosted/open-session";
import { resolveShareableLink } from "@/lib/domain/hosted/shareable-link";
import type { HostedEntry } from "@/lib/domain/hosted/types";
import { parseVerifyPageParams } from "@/lib/domain/hosted/verify-page-params";
import styles from "@/components/verify/verify.module.css";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (params: Record<string, string | string[] | undefined>, key: string) =>
  typeof params[key] === "string" ? (params[key] as string) : undefined;

async function language(params: Record<string, string | string[] | undefined>) {
  return pickLanguage(one(params, "lang"), (await headers()).get("accept-language"));
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const locale = await language(await searchParams);
  const t = createTranslator({ locale, messages: compiledMessagesFor(locale), namespace: "meta" });
  // the URL carries a resume token: no indexing, and no Referer to wherever the end user goes next
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

type ErrorKey = Exclude<keyof Messages["errors"], "title">;

const LINK_ERRORS: Partial<Record<string, ErrorKey>> = {
  INVALID_WORKFLOW: "invalidFlow",
  INVALID_LINK_SIGNATURE: "alteredLink",
};

/**
 * /verify?flowId&clientId&metadata[&sig] — a shareable link: checked here, started when the end user presses Start.
 * /verify?…&verificationId&token — a verificationUrl: resumes that verification (after a reload, on any device).
 */
async function resolveEntry(
  params: Record<string, string | string[] | undefined>,
): Promise<HostedEntry | { error: ErrorKey }> {
  // the same reading as proxy.ts's frame-ancestors; a repeated key never gets here (the proxy answers 400)
  const parsed = parseVerifyPageParams(params);
  if (!parsed.ok) return { error: "invalidLink" };
  const { verificationId, token } = parsed.values;
  if (verificationId || token) {
    if (!verificationId || !token) return { error: "invalidLink" };
    try {
      const opened = await openHostedSession(verificationId, token);
      const state = await loadHostedState(opened.accountId, opened.verificationId);
      return {
        kind: "resume",
        session: { sessionToken: opened.sessionToken, expiresAt: opened.expiresAt },
        state,
        verifyUrl: "",
      };
    } catch (error) {
      if (error instanceof DomainError)
        return { error: error.code === "VERIFICATION_NOT_FOUND" ? "notFound" : "invalidLink" };
      throw error;
    }
  }
  const { flowId, clientId } = parsed.values;
  if (!flowId || !clientId) return { error: "incomplete" };
  const metadata = parsed.values.metadata ?? null;
  const sig = parsed.values.sig ?? null;
  const mode = parsed.values.mode ?? null;
  const exp = parsed.values.exp ?? null;
  try {
    const link = await resolveShareableLink({ flowId, clientId, metadata, sig, mode, exp });
    return {
      kind: "start",
      flowId: link.flowId,
      clientId,
      metadata,
      sig,
      mode,
      exp,
      dataMode: link.mode,
      accountName: link.accountName,
      logoUrl: link.logoUrl,
      retentionDays: link.retentionDays,
      privacyNoticeUrl: link.privacyNoticeUrl,
      processes: link.processes,
    };
  } catch (error) {
    if (error instanceof DomainError)
      return {
        error:
          // a signed link past its expiry, or an unsigned link of a flow that takes signed links only
          (error.details?.[0]?.field === "exp" || (error.code === "INVALID_LINK_SIGNATURE" && !sig)
            ? "invalidLink"
            : undefined) ??
          LINK_ERRORS[error.code] ??
          (error.details?.[0]?.field === "metadata.redirectUrl" ? "redirectNotAllowed" : "invalidMetadata"),
      };
    throw error;
  }
}

export default async function VerifyPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const lang = await language(params);
  // the one language this page renders, precompiled: the browser gets no other (components/verify/messages)
  const messages = compiledMessagesFor(lang);
  const t = createTranslator({ locale: lang, messages });
  const entry = await resolveEntry(params);
  return (
    <main className={styles.page} lang={lang} dir={directionOf(lang)}>
      <div className={styles.topBar}>
        <p className={styles.brand}>
          {"kind" in entry ? (entry.kind === "start" ? entry.accountName : entry.state.accountName) : "OpenKYC"}
        </p>
        <LanguageMenu current={lang} label={t("language.label")} />
      </div>
      {"kind" in entry && (entry.kind === "resume" ? entry.state.mode : entry.dataMode) === "test" ? (
        <p className={styles.testBanner} role="note" data-testid="test-mode">
          {t("common.testMode")}
        </p>
      ) : null}
      <div className={styles.card}>
        {"error" in entry ? (
          <section className={styles.flow} data-testid="link-error">
            <h1 className={styles.stepHeader}>{t("errors.title")}</h1>
            <p className={styles.intro}>{t(`errors.${entry.error}`)}</p>
          </section>
        ) : (
          <I18nProvider lang={lang} messages={messages}>
            <VerifyFlow entry={entry} />
          </I18nProvider>
        )}
      </div>
    </main>
  );
}
