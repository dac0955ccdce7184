import "server-only";
import type { CheckPorts } from "@/lib/checks/types";
import { findConfirmedOtp } from "@/lib/domain/hosted/otp/find-confirmed-otp";
import { findDuplicateAddresses } from "@/lib/domain/verifications/find-duplicate-addresses";
import { findDuplicateDocuments } from "@/lib/domain/verifications/find-duplicate-documents";
import { storedFileMeta } from "@/lib/domain/verifications/stored-file-meta";
import { screenName } from "@/lib/domain/watchlist/screen-name";
import { credentialPortsFor } from "@/lib/domain/credentials/credential-ports";
import type { DataMode } from "@/lib/shared/data-mode";

/**
 * The data ports of the checks (lib/checks/types.ts) for one verification: each lookup is bound to its account
 * (and identity), so a check cannot ask about another tenant's rows.
 */
export function checkPortsFor(verification: {
  id: string;
  accountId: string;
  identityId: string;
  workflowId: string;
  /** the verification's mode (default live): which credential issuers are trusted */
  mode?: DataMode;
}): CheckPorts {
  const { id, accountId, identityId, workflowId, mode = "live" } = verification;
  return {
    findDuplicateDocuments: (print) => findDuplicateDocuments({ accountId, identityId, verificationId: id }, print),
    fileMeta: (fileId) => storedFileMeta(accountId, fileId),
    findDuplicateAddresses: (address) => findDuplicateAddresses({ accountId, identityId }, address),
    confirmedEmailOtp: (email) => findConfirmedOtp({ id, workflowId }, email),
    screenName: (subject) => screenName({ ...subject, accountId }),
    ...credentialPortsFor({ id, accountId, mode }),
  };
}
