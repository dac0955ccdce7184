import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LANGUAGES, messagesFor } from "@/components/verify/messages";
import type { Messages } from "@/components/verify/messages/en";
import { CONSENT_TEXT_VERSION } from "@/lib/domain/hosted/consent-terms";

// A stored consent names CONSENT_TEXT_VERSION: the words behind a version must never change silently. Changing the
// consent texts (or the welcome title they are shown under) in any language fails here until the version is bumped
// and the fingerprints below are updated. A new language adds its own line (the test fails until it does).
const PINNED: Record<string, Record<string, string>> = {
  // .2 → 2026-11-29.1: the DIGITAL_CREDENTIAL process (issue 34) adds a line to what is collected
  "2026-11-29.1": {
    en: "01bb279a3e0cb00d",
    es: "39fe1c99864887ef",
    fr: "b419ebb529216ebb",
    de: "222202e26177fa80",
    it: "53fb764aa832c5d4",
    pt: "011d3dc95c225604",
    nl: "b98298f68386343b",
    pl: "2b4b3bad3197aa36",
    tr: "f2827a71364e8efa",
    ar: "21310126f5c86d29",
  },
  // .1 → .2: the retention sentence says "1 day" (an ICU plural in every language) instead of "1 days"
  "2026-11-25.2": {
    en: "5eb0d146a59d4316",
    es: "e487777b2ff39722",
    fr: "2dcc34c5a45b6956",
    de: "fb2419172bb402cd",
    it: "fddcb9ad99322994",
    pt: "44c981843d3c62a7",
    nl: "92dd2120ad465d3f",
    pl: "b5f4d09063eb5f3c",
    tr: "c63ea59f21da6462",
    ar: "4a1a69ebcb798201",
  },
  "2026-11-25.1": {
    en: "eb4e349ec2366407",
    es: "31cf0cd11d66aba0",
    fr: "d81f5976b0570f4b",
    de: "15bf53cbb37e6c5f",
    it: "e6c32db56b8c9249",
    pt: "66823d5788010375",
    nl: "878a501f24438202",
    pl: "769747380d1aa8d6",
    tr: "3d5fc646d3e2e59b",
    ar: "521f7c17a75f1710",
  },
};

const fingerprint = (messages: Messages) =>
  createHash("sha256")
    .update(JSON.stringify({ title: messages.welcome.title, consent: messages.consent }))
    .digest("hex")
    .slice(0, 16);

describe("consent text version", () => {
  it.each(LANGUAGES)("%s: the consent texts are the ones pinned to the current version", (lang) => {
    expect(PINNED[CONSENT_TEXT_VERSION], `no fingerprints for ${CONSENT_TEXT_VERSION}`).toBeDefined();
    expect(fingerprint(messagesFor(lang)), `${lang} consent texts changed: bump CONSENT_TEXT_VERSION and re-pin`).toBe(
      PINNED[CONSENT_TEXT_VERSION]![lang],
    );
  });
});
