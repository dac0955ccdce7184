// Who acts, as domain code needs to know it: the account, and — for the hosted page — the one verification (and its
// workflow) the end user's session may touch. The API layer builds it from its Principal (lib/http/authenticate.ts:
// callerScope); domain functions never see how the caller authenticated.
export type CallerScope = {
  accountId: string;
  /** set for the hosted page's session: nothing else of the account is reachable */
  session: { verificationId: string; workflowId: string } | null;
  /** an API key's mode: a live key never reaches a test verification, nor a test key a live one (docs/sandbox.md) */
  mode: "live" | "test" | null;
};
