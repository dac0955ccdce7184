import "server-only";
import { randomBytes } from "node:crypto";
import { DomainError } from "@/lib/core/errors";
import { prisma } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { clock } from "@/lib/core/clock";
import { secrets } from "@/lib/core/secrets";
import { openText, sealText } from "@/lib/core/crypto/field-crypto";
import type { CallerScope } from "@/lib/auth/caller-scope";
import { findVerificationOrThrow } from "@/lib/domain/verifications/find-verification";
import { toWorkflowShape } from "@/lib/domain/flows/workflow-shape";
import { isFinal } from "@/lib/domain/verifications/transitions";
import { credentialAsk } from "@/lib/shared/credential-ask";
import { isWebOrigin } from "@/lib/shared/workflow-settings";
import { prepareCredentialRequest } from "@/lib/engines/credentials/prepare-credential-request";
import type { DigitalCredentialRequest } from "@/lib/engines/credentials/types";

// The OpenID4VP request of a verification's DIGITAL_CREDENTIAL step (issue 34, docs/api.md "Credential request").
// Each call draws a fresh nonce and a fresh ephemeral key and replaces the previous request, so only an answer to
// the latest request can pass: one made for another verification, or an older one, fails its NONCE check.

export type IssuedCredentialRequest = {
  verificationId: string;
  origin: string;
  requests: DigitalCredentialRequest[];
  createdAt: string;
};

/** The hosted page's own origin, always allowed. */
export function hostedOrigin(): string {
  return new URL(env().PUBLIC_URL).origin;
}

export async function createCredentialRequest(
  caller: CallerScope,
  verificationId: string,
  requestedOrigin: string | undefined,
): Promise<IssuedCredentialRequest> {
  if (caller.session && caller.session.verificationId !== verificationId)
    throw new DomainError("VERIFICATION_NOT_FOUND", "No verification with this id exists for this account.");
  const verification = await findVerificationOrThrow(caller.accountId, verificationId, caller.mode);
  const shape = toWorkflowShape(verification.workflowVersion);
  if (!shape.processes.includes("DIGITAL_CREDENTIAL"))
    throw new DomainError("INVALID_STATE", "The verification's workflow has no DIGITAL_CREDENTIAL step.");
  if (isFinal(verification.status) || verification.status === "PROCESSING")
    throw new DomainError("INVALID_STATE", `The verification is ${verification.status}: it accepts no more inputs.`);

  const origin = allowedOrigin(requestedOrigin, shape.settings.CREDENTIAL_ORIGINS ?? []);
  const nonce = randomBytes(32).toString("base64url");
  const prepared = await prepareCredentialRequest({ nonce, origin, ...credentialAsk(shape.settings) });
  const sealedKey = sealText(secrets().keyring, JSON.stringify(prepared.responsePrivateJwk));
  const createdAt = clock.now();
  const requests = prepared.requests as unknown as object[];
  await prisma.credentialRequest.upsert({
    where: { verificationId },
    create: { verificationId, nonce, origin, sealedKey, requests, createdAt },
    update: { nonce, origin, sealedKey, requests, createdAt },
  });
  return { verificationId, origin, requests: prepared.requests, createdAt: createdAt.toISOString() };
}

function allowedOrigin(requested: string | undefined, named: readonly string[]): string {
  const hosted = hostedOrigin();
  if (requested === undefined || requested === hosted) return hosted;
  if (!isWebOrigin(requested) || !named.includes(requested))
    throw new DomainError("VALIDATION_ERROR", "This origin may not ask for a credential request.", {
      details: [
        {
          field: "origin",
          message: "Must be the hosted page's origin or one of the workflow's CREDENTIAL_ORIGINS",
        },
      ],
    });
  return requested;
}

export type StoredCredentialRequest = {
  nonce: string;
  origin: string;
  requests: DigitalCredentialRequest[];
  responsePrivateJwk: JsonWebKey;
};

/** The latest request of a verification, its key opened; null when none was made. */
export async function loadCredentialRequest(verificationId: string): Promise<StoredCredentialRequest | null> {
  const row = await prisma.credentialRequest.findUnique({ where: { verificationId } });
  if (!row) return null;
  return {
    nonce: row.nonce,
    origin: row.origin,
    requests: row.requests as unknown as DigitalCredentialRequest[],
    responsePrivateJwk: JSON.parse(openText(secrets().keyring, row.sealedKey)) as JsonWebKey,
  };
}
