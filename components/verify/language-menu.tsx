"use client";
import { useEffect, useId } from "react";
import { LANGUAGES, LANGUAGE_NAMES, directionOf, type Language } from "@/components/verify/languages";
import styles from "@/components/verify/verify.module.css";

/**
 * The page's language menu: each language under its own name. Choosing one reloads the page with `?lang=` (the
 * server renders it and sends that language only); a verification under way resumes from its link where it was.
 */
export function LanguageMenu({ current, label }: { current: Language; label: string }) {
  const id = useId();
  // the root layout is shared with the dashboard (<html lang="en">): the page, error screens included, sets the
  // document's language and direction to its own (its <main> carries both from the server already)
  useEffect(() => {
    document.documentElement.lang = current;
    document.documentElement.dir = directionOf(current);
  }, [current]);
  return (
    <div className={styles.languageMenu}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const url = new URL(window.location.href);
          url.searchParams.set("lang", event.target.value);
          window.location.assign(url.toString());
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
