// What the consent screen asks for, shared by the page (which shows it) and the server (which records and checks it).

/**
 * The version of the consent texts (components/verify/messages/*: `consent`). Bump it whenever their wording changes
 * in any language: a stored consent names the version, so the exact words the end user agreed to can be found in
 * the history of those files (messages/index.test.ts pins the texts to this number).
 */
export const CONSENT_TEXT_VERSION = "2026-11-29.1";

/** Processes that take biometric data (a face video matched against a document or another video): an explicit tick. */
export const BIOMETRIC_PROCESSES: readonly string[] = ["LIVENESS", "VIDEO_AGREEMENT"];

export function needsBiometricConsent(processes: readonly string[]): boolean {
  return processes.some((p) => BIOMETRIC_PROCESSES.includes(p));
}
