import type { AddressFormat, HostedSession, HostedState } from "@/lib/domain/hosted/types";

// The browser side of the hosted page: every call carries the verification's own session token, never an API key.

export type FieldErrors = Record<string, string>;

export class HostedApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

type ErrorBody = { error?: string; message?: string; details?: { field?: string; message?: string }[] };

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, cache: "no-store" });
  } catch {
    throw new HostedApiError(0, "NETWORK", "network");
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => ({}))) as ErrorBody & T;
  if (response.ok) return body;
  const fieldErrors: FieldErrors = {};
  for (const detail of body.details ?? []) {
    // "DOCUMENT_TYPE", "inputs.0.value" → the field name the page shows the message next to
    const field = detail.field?.replace(/^inputs\.\d+\.value$/, "") || "_";
    if (detail.message && !fieldErrors[field]) fieldErrors[field] = detail.message;
  }
  const retryAfter = Number(response.headers.get("Retry-After")) || null;
  throw new HostedApiError(
    response.status,
    body.error ?? "UNKNOWN",
    body.message ?? response.statusText,
    fieldErrors,
    retryAfter,
  );
}

const json = (value: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(value),
});

export type Started = { session: HostedSession; state: HostedState; verifyUrl: string };

export function startVerification(link: {
  flowId: string;
  clientId: string;
  metadata: string | null;
  sig: string | null;
  mode: string | null;
  exp: string | null;
}): Promise<Started> {
  return call<Started>("/api/hosted/start", json(link));
}

export function fetchState(token: string): Promise<HostedState> {
  return call<HostedState>("/api/hosted/state", { token });
}

export type TextInput = { fieldName: string; type: "TEXT" | "LOCATION"; value: string };

const UPLOAD_ATTEMPTS = 6;
const sleep = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * UPLOADS_BUSY (503): the service is receiving as many large uploads as it takes at once (docs/api.md): wait as
 * its Retry-After says and send again, a few times, before the page shows an error.
 */
export async function withUploadRetries<T>(send: () => Promise<T>, wait = sleep): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof HostedApiError) || error.code !== "UPLOADS_BUSY" || attempt >= UPLOAD_ATTEMPTS)
        throw error;
      await wait(Math.min(error.retryAfter ?? 5, 30));
    }
  }
}

/** Text and location inputs as JSON; files as multipart parts (no base64 inflation of a video). */
export function sendInputs(
  token: string,
  verificationId: string,
  inputs: { texts?: TextInput[]; files?: { fieldName: string; file: Blob; filename: string }[] },
  complete: boolean,
): Promise<unknown> {
  const path = `/api/v1/verifications/${encodeURIComponent(verificationId)}/send-inputs`;
  if (!inputs.files?.length) return call(path, { ...json({ inputs: inputs.texts ?? [], complete }), token });
  const form = new FormData();
  form.set(
    "inputs",
    JSON.stringify([...(inputs.texts ?? []), ...inputs.files.map((f) => ({ fieldName: f.fieldName, type: "FILE" }))]),
  );
  for (const file of inputs.files) form.set(file.fieldName, file.file, file.filename);
  form.set("complete", String(complete));
  return withUploadRetries(() => call(path, { method: "POST", body: form, token }));
}

export function requestEmailOtp(token: string, flowId: string, email: string): Promise<void> {
  return call<void>(`/api/v1/workflows/${encodeURIComponent(flowId)}/email-otp`, { ...json({ key: email }), token });
}

export type DocumentTypeOption = { name: string; label: string; sides: ("FRONT" | "BACK")[] };

export async function fetchDocumentTypes(flowId: string, country: string, step: number): Promise<DocumentTypeOption[]> {
  const types = await call<DocumentTypeOption[]>(
    `/api/v1/workflows/${encodeURIComponent(flowId)}/document-types?country=${encodeURIComponent(country)}&step=${step}`,
  );
  return types.map(({ name, label, sides }) => ({ name, label, sides }));
}

export function fetchAddressFormat(country: string): Promise<AddressFormat> {
  return call<AddressFormat>(`/api/hosted/address-format/${encodeURIComponent(country)}`);
}

export type ConsentAnswer = {
  decision: "GIVEN" | "DECLINED";
  textVersion: string;
  language: string;
  biometric: boolean;
};

/** The consent screen's answer; the fresh state comes back. */
export function answerConsent(token: string, answer: ConsentAnswer): Promise<HostedState> {
  return call<HostedState>("/api/hosted/consent", { ...json(answer), token });
}

export type Handoff = { code: string; url: string; expiresAt: string };

/** A one-time code (QR + short link) to continue this verification on a phone. */
export function createHandoff(token: string): Promise<Handoff> {
  return call<Handoff>("/api/hosted/handoff", { method: "POST", token });
}

export type WalletRequest = { protocol: string; data: Record<string, unknown> };
export type CredentialRequest = { verificationId: string; origin: string; requests: WalletRequest[] };

/** A fresh OpenID4VP request for the phone's wallet (issue 34): this page's origin, a new nonce. */
export function requestCredential(token: string, verificationId: string): Promise<CredentialRequest> {
  return call<CredentialRequest>(`/api/v1/verifications/${encodeURIComponent(verificationId)}/credential-request`, {
    ...json({}),
    token,
  });
}

/** Test mode only: the sandbox's test wallet answers the latest request (docs/sandbox.md). */
export function askTestWallet(token: string, verificationId: string): Promise<WalletRequest> {
  return call<WalletRequest>(`/api/v1/sandbox/verifications/${encodeURIComponent(verificationId)}/test-wallet`, {
    ...json({}),
    token,
  });
}
