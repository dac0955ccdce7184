import type { CheckPorts, ProcessInput } from "@/lib/checks/types";

/**
 * Check ports for a unit test that runs a check without a database: each port given is used, every other one
 * throws, so a check that starts asking for data the test did not expect fails loudly instead of reading nothing.
 */
export function testPorts(given: Partial<CheckPorts> = {}): CheckPorts {
  const unexpected = (name: string) => () => Promise.reject(new Error(`check port ${name} was not expected here`));
  return {
    findDuplicateDocuments: given.findDuplicateDocuments ?? unexpected("findDuplicateDocuments"),
    fileMeta: given.fileMeta ?? unexpected("fileMeta"),
    findDuplicateAddresses: given.findDuplicateAddresses ?? unexpected("findDuplicateAddresses"),
    confirmedEmailOtp: given.confirmedEmailOtp ?? unexpected("confirmedEmailOtp"),
    screenName: given.screenName ?? unexpected("screenName"),
    credentialRequest: given.credentialRequest ?? unexpected("credentialRequest"),
    credentialTrustAnchors: given.credentialTrustAnchors ?? unexpected("credentialTrustAnchors"),
    fetchStatusList: given.fetchStatusList ?? unexpected("fetchStatusList"),
    storeCredentialPortrait: given.storeCredentialPortrait ?? unexpected("storeCredentialPortrait"),
  };
}

/** The verification of a check run without a database (unit tests, evaluations, benches): placeholder ids. */
export function offlineVerification(createdAt: Date = new Date()): ProcessInput["verification"] {
  return { id: "v", accountId: "a", identityId: "i", workflowId: "w", ipAddress: null, metadata: {}, createdAt };
}
