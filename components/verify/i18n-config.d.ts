// Typed keys for next-intl: `useTranslations("address")("title")` is checked against the English messages, so a
// misspelt or removed key is a type error (the ICU arguments are checked by components/verify/messages tests).
import type { Language } from "@/components/verify/languages";
import type { en } from "@/components/verify/messages/en";

declare module "next-intl" {
  interface AppConfig {
    Locale: Language;
    Messages: typeof en;
  }
}
