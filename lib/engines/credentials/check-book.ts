import type { PresentationCheck, PresentationCheckName } from "./types";

// The checks of one presentation, each set once by the step that decides it; the verdict lists all of them in one
// order, so a check that was never reached says so instead of going missing.

export const CHECK_ORDER: readonly PresentationCheckName[] = [
  "RESPONSE_FORMAT",
  "ISSUER_TRUSTED",
  "ISSUER_SIGNATURE",
  "ELEMENTS_INTACT",
  "VALIDITY",
  "NONCE",
  "AUDIENCE",
  "DEVICE_BINDING",
  "STATUS",
  "CLAIMS_DISCLOSED",
];

export type CheckBook = Map<PresentationCheckName, PresentationCheck>;

export function newCheckBook(): CheckBook {
  return new Map();
}

export function record(
  book: CheckBook,
  name: PresentationCheckName,
  result: PresentationCheck["result"],
  detail: string,
): void {
  book.set(name, { name, result, detail });
}

export const pass = (book: CheckBook, name: PresentationCheckName, detail: string) =>
  record(book, name, "PASSED", detail);
export const fail = (book: CheckBook, name: PresentationCheckName, detail: string) =>
  record(book, name, "FAILED", detail);

export function listChecks(book: CheckBook, notReached: string): PresentationCheck[] {
  return CHECK_ORDER.map((name) => book.get(name) ?? { name, result: "SKIPPED", detail: notReached });
}
