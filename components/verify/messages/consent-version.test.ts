import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { en } from "@/components/verify/messages/en";
import { es } from "@/components/verify/messages/es";
import { CONSENT_TEXT_VERSION } from "@/lib/hosted/consent-terms";

// A stored consent names CONSENT_TEXT_VERSION: the words behind a version must never change silently. Changing the
// consent texts (or the welcome title they are shown under) fails here until the version is bumped and the
// fingerprints below are updated. A new language adds its own line.
const PINNED: Record<string, Record<string, string>> = {
  "2026-11-25.1": { en: "eb4e349ec2366407", es: "31cf0cd11d66aba0" },
};

const fingerprint = (messages: typeof en) =>
  createHash("sha256")
    .update(JSON.stringify({ title: messages.welcome.title, consent: messages.consent }))
    .digest("hex")
    .slice(0, 16);

describe("consent text version", () => {
  it.each([
    ["en", en],
    ["es", es],
  ] as const)("%s: the consent texts are the ones pinned to the current version", (lang, messages) => {
    expect(PINNED[CONSENT_TEXT_VERSION], `no fingerprints for ${CONSENT_TEXT_VERSION}`).toBeDefined();
    expect(fingerprint(messages), `${lang} consent texts changed: bump CONSENT_TEXT_VERSION and re-pin`).toBe(
      PINNED[CONSENT_TEXT_VERSION]![lang],
    );
  });
});
