import type { Metadata } from "next";
import { headers } from "next/headers";
import { createTranslator } from "next-intl";
import { directionOf } from "@/components/verify/languages";
import { compiledMessagesFor, pickLanguage } from "@/components/verify/messages";
import { HandoffCode } from "@/lib/http/schemas";
import { inspectHandoff, type HandoffCheck } from "@/lib/domain/hosted/handoff";
import styles from "@/components/verify/verify.module.css";

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: "no-referrer" };

type Props = {
  params: Promise<{ code: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// GET /h/<code> — the short link of "Continue on your phone". Opening it consumes nothing (link previewers fetch
// URLs too); "Continue" posts the code, which is redeemed once and answered with the verification's resume link.
export default async function HandoffPage({ params, searchParams }: Props) {
  const { code: raw } = await params;
  const query = await searchParams;
  const lang = pickLanguage(
    typeof query.lang === "string" ? query.lang : undefined,
    (await headers()).get("accept-language"),
  );
  const t = createTranslator({ locale: lang, messages: compiledMessagesFor(lang), namespace: "handoff" });
  const code = HandoffCode.safeParse(decodeURIComponent(raw));
  const check: HandoffCheck = code.success ? await inspectHandoff(code.data) : { state: "UNKNOWN" };
  return (
    <main className={styles.page} lang={lang} dir={directionOf(lang)}>
      <p className={styles.brand}>{check.state === "VALID" ? check.accountName : "OpenKYC"}</p>
      <div className={styles.card}>
        <section className={styles.flow}>
          <header className={styles.stepHeader}>
            <h1>{t("phoneTitle")}</h1>
          </header>
          {check.state === "VALID" && !query.error ? (
            <form method="post" action="/api/hosted/handoff/redeem" className={styles.flow}>
              <p className={styles.intro}>{t("phoneIntro", { account: check.accountName })}</p>
              <input type="hidden" name="code" value={code.data} />
              <button type="submit" className={styles.primary}>
                {t("phoneContinue")}
              </button>
            </form>
          ) : (
            <p className={styles.intro} role="alert">
              {check.state === "UNKNOWN" ? t("phoneUnknown") : t("phoneUsed")}
            </p>
          )}
        </section>
      </div>
    </main>
  );
}
