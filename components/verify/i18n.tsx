"use client";
import { NextIntlClientProvider } from "next-intl";
import type { Language } from "@/components/verify/languages";
import type { Messages } from "@/components/verify/messages/en";

// The hosted page's texts come from next-intl: a component calls `useTranslations("group")` and `t("key", values)`
// (typed keys: components/verify/i18n-config.d.ts). The page (a server component) passes in the ONE language it
// renders, precompiled (messages/index.ts), so the browser gets neither the other languages nor the ICU parser.

export function I18nProvider({
  lang,
  messages,
  children,
}: {
  lang: Language;
  messages: Messages;
  children: React.ReactNode;
}) {
  return (
    <NextIntlClientProvider locale={lang} messages={messages} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}

/** "DE" → "Germany" in the page's language (Intl, no country data shipped to the browser). */
export function countryName(lang: string, code: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
