// Test-only: what the send-inputs test files share — an account with one workflow per kind of input, another
// tenant, an address that passes, and calls of the endpoint and of the status. setUpSendInputs() registers the
// accounts' creation in the calling file's beforeAll; the bindings below are live ES module exports.
import { afterEach, beforeAll, vi } from "vitest";
import * as statusModule from "@/app/api/v1/verifications/[verificationId]/status/route";
import * as sendInputsModule from "@/app/api/v1/verifications/[verificationId]/send-inputs/route";
import { call, route } from "@/test/api-client";
import { createTestAccount, type TestAccount } from "@/test/fixtures";

const statusRoute = route("/api/v1/verifications/[verificationId]/status", statusModule);
const sendInputsRoute = route("/api/v1/verifications/[verificationId]/send-inputs", sendInputsModule);

export let account: TestAccount;
export let other: TestAccount;

/** Creates `account` and `other` before the file's tests, and restores every mock after each. */
export function setUpSendInputs(): void {
  beforeAll(async () => {
    account = await createTestAccount({
      workflows: [
        {
          name: "address-only",
          processes: ["ADDRESS_VERIFICATION"],
          settings: { ADDRESS_COMPLETENESS: true, POSTAL_VALIDATION: true },
        },
        { name: "document", processes: ["DOCUMENT_VERIFICATION"], documentTypes: ["PASSPORT", "NATIONAL_ID"] },
        { name: "any-document", processes: ["DOCUMENT_VERIFICATION"] },
        { name: "liveness", processes: ["LIVENESS"] },
        { name: "location", processes: ["LOCATION_INTELLIGENCE"] },
        { name: "watchlist", processes: ["WATCHLIST_CHECK"] },
        { name: "expiring", processes: ["ADDRESS_VERIFICATION"], settings: { LINK_EXPIRY_HOURS: 2 } },
      ],
    });
    other = await createTestAccount({ workflows: [{ name: "address-only", processes: ["ADDRESS_VERIFICATION"] }] });
  });

  afterEach(() => vi.restoreAllMocks());
}

export const ADDRESS = [
  { fieldName: "ADDRESS_LINE", value: "742 Evergreen Terrace", type: "TEXT" },
  { fieldName: "CITY", value: "Springfield", type: "TEXT" },
  { fieldName: "POSTAL_CODE", value: "97403", type: "TEXT" },
  { fieldName: "COUNTRY", value: "us", type: "TEXT" },
];

/** POST send-inputs with `body`, as the account's API key unless told otherwise. */
export const send = (
  verificationId: string,
  body: unknown,
  auth: { token?: string; clientId?: string } = account.auth,
) => call(sendInputsRoute, `/api/v1/verifications/${verificationId}/send-inputs`, { ...auth, body });

/** The verification's status body, as the account's API key reads it. */
export const statusOf = async (verificationId: string) =>
  (await call(statusRoute, `/api/v1/verifications/${verificationId}/status`, account.auth)).body;
