// A phone wallet for the wallet spec (e2e/wallet-credential.spec.ts), run as its own process because the test kit
// is server-only code (node --import tsx --conditions=react-server). Reads {requests, origin, anchorsDir, kind} as JSON on
// stdin; a test issuer's root goes into anchorsDir (the operator's trust anchors, read by the server at each
// check); prints the wallet's answer (the `data` of the browser's DigitalCredential) as JSON on stdout.
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  answerAsTestWallet,
  createTestIssuer,
  issueTestCredential,
  SAMPLE_PEOPLE,
} from "../lib/engines/credentials/test-kit";
import type { DigitalCredentialRequest } from "../lib/engines/credentials/types";
import type { CredentialKind } from "../lib/shared/digital-credentials";

type Input = { requests: DigitalCredentialRequest[]; origin: string; anchorsDir: string; kind: CredentialKind };

async function main() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const input = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Input;
  const issuer = await createTestIssuer({ name: "E2E test DMV", country: "US" });
  writeFileSync(path.join(input.anchorsDir, "e2e-test-dmv.pem"), issuer.rootPem);
  const credential = await issueTestCredential(issuer, input.kind, SAMPLE_PEOPLE.jordan);
  const answer = await answerAsTestWallet(input.requests, credential, { origin: input.origin });
  process.stdout.write(JSON.stringify(answer));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
