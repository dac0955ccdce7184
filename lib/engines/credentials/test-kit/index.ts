// Test issuers, credentials and a wallet for tests and the sandbox only (issue 34). Nothing here is trusted outside
// the sandbox: its IACA is a trust anchor only where the caller puts it among the anchors.

export { answerAsTestWallet, type TestWalletOptions } from "./answer-as-test-wallet";
export { issueTestCredential, type TestCredential, type TestCredentialOptions } from "./issue-test-credential";
export { SAMPLE_PEOPLE, drawPortrait, type TestPerson } from "./sample-people";
export { createTestIssuer, testIssuerFromSecret, type TestIssuer, type TestIssuerOptions } from "./test-issuer";
export { createTestStatusList, type TestStatusList } from "./test-status-list";
