"use client";
import { createContext, useCallback, useContext, useEffect } from "react";
import type { Messages } from "@/components/verify/messages/en";

type I18n = { lang: string; messages: Messages };

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ lang, messages, children }: I18n & { children: React.ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return <I18nContext.Provider value={{ lang, messages }}>{children}</I18nContext.Provider>;
}

/** Fills `{name}` placeholders. */
export function format(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function useI18n() {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useI18n outside I18nProvider");
  const { lang, messages } = context;
  const t = useCallback(format, []);
  return { lang, m: messages, t };
}

/** "DE" → "Germany" in the page's language (Intl, no country data shipped to the browser). */
export function countryName(lang: string, code: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
