import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import type { paths } from "./generated/openapi.js";
import { ConnectionError, errorFor } from "./errors.js";
import { retryingFetch } from "./retry-fetch.js";
import type {
  CreateLinkRequest,
  CreateLinkResponse,
  CredentialRequest,
  CredentialRequestRequest,
  DocumentType,
  EmailOtpRequest,
  InputItem,
  SendInputsResponse,
  StartVerificationRequest,
  StartVerificationResponse,
  TestWalletAnswer,
  TestWalletRequest,
  VerificationRecord,
  VerificationStatus,
} from "./types.js";

export type OpenKYCOptions = {
  /** an API key from the dashboard (Credentials) */
  apiKey: string;
  /** the account's client id (X-CLIENT-ID) */
  clientId: string;
  /** the service, e.g. https://kyc.example.com (`/api/v1` is added unless given) */
  baseUrl: string;
  /** retries of a 429 and, for idempotent calls, of a network failure (default 2) */
  maxRetries?: number;
  /** a 429 whose Retry-After is longer is not waited for (default 60 000 ms) */
  maxRetryAfterMs?: number;
  /** per attempt (default 60 000 ms) */
  timeoutMs?: number;
  /** send an Idempotency-Key with every write that has none (default true): a retried write never runs twice */
  idempotencyKeys?: boolean;
  /** a fetch of your own (proxies, tests); default globalThis.fetch */
  fetch?: typeof fetch;
};

/** Options of a write: your own Idempotency-Key (e.g. your order id) makes a retry of yours safe too. */
export type WriteOptions = { idempotencyKey?: string };

type Answer<T> = { data?: T; error?: unknown; response: Response };

async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch (error) {
    throw new ConnectionError(`The OpenKYC API could not be reached: ${(error as Error)?.message ?? error}`, {
      cause: error,
    });
  }
  const { data, error, response } = answer;
  if (!response.ok || error !== undefined) throw errorFor(response.status, error, response.headers);
  return data as T;
}

function toApiInput(item: InputItem) {
  if (!("data" in item)) return item;
  const base64 = Buffer.from(item.data.buffer, item.data.byteOffset, item.data.byteLength).toString("base64");
  return { fieldName: item.fieldName, type: "FILE" as const, value: `data:${item.contentType};base64,${base64}` };
}

/** The OpenKYC API: `verifications` and `workflows`, typed from the service's OpenAPI document. */
export class OpenKYC {
  readonly verifications;
  readonly workflows;
  readonly sandbox;

  constructor(options: OpenKYCOptions) {
    if (!options.apiKey || !options.clientId || !options.baseUrl)
      throw new TypeError("OpenKYC needs apiKey, clientId and baseUrl");
    const root = options.baseUrl.replace(/\/+$/, "");
    const api = createClient<paths>({
      baseUrl: root.endsWith("/api/v1") ? root : `${root}/api/v1`,
      headers: { authorization: `Bearer ${options.apiKey}`, "x-client-id": options.clientId },
      fetch: retryingFetch({
        maxRetries: options.maxRetries ?? 2,
        maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
        timeoutMs: options.timeoutMs ?? 60_000,
        fetch: options.fetch ?? globalThis.fetch,
      }),
    });
    const autoKeys = options.idempotencyKeys ?? true;
    const keyHeader = (write?: WriteOptions) => {
      const key = write?.idempotencyKey ?? (autoKeys ? randomUUID() : undefined);
      return key === undefined ? {} : { "Idempotency-Key": key };
    };
    const byId = (verificationId: string) => ({ path: { verificationId } });

    this.verifications = {
      /** POST /verifications — start a verification of a workflow (flowId) */
      start: (body: StartVerificationRequest, write?: WriteOptions): Promise<StartVerificationResponse> =>
        unwrap(api.POST("/verifications", { body, params: { header: keyHeader(write) } })),
      /** GET /verifications/{id} — the record with every step's data */
      get: (verificationId: string): Promise<VerificationRecord> =>
        unwrap(api.GET("/verifications/{verificationId}", { params: byId(verificationId) })),
      /** GET /verifications/{id}/status — status, result, steps and missing inputs */
      status: (verificationId: string): Promise<VerificationStatus> =>
        unwrap(api.GET("/verifications/{verificationId}/status", { params: byId(verificationId) })),
      /** POST /verifications/{id}/send-inputs — submit inputs; files as bytes or data: URLs */
      sendInputs: (
        verificationId: string,
        body: { inputs: InputItem[]; complete?: boolean },
        write?: WriteOptions,
      ): Promise<SendInputsResponse> =>
        unwrap(
          api.POST("/verifications/{verificationId}/send-inputs", {
            params: { ...byId(verificationId), header: keyHeader(write) },
            body: { inputs: body.inputs.map(toApiInput), complete: body.complete },
          }),
        ),
      /**
       * POST /verifications/{id}/credential-request — an OpenID4VP request for the phone's wallet (DIGITAL_CREDENTIAL):
       * pass `requests` to navigator.credentials.get({ digital: { requests } }) on a page of `origin`, send the
       * answer as the DIGITAL_CREDENTIAL input
       */
      credentialRequest: (verificationId: string, body: CredentialRequestRequest = {}): Promise<CredentialRequest> =>
        unwrap(api.POST("/verifications/{verificationId}/credential-request", { params: byId(verificationId), body })),
    };

    this.sandbox = {
      /** POST /sandbox/verifications/{id}/fast-forward — test keys only: 24 h pass, the verification is ABANDONED */
      fastForward: (verificationId: string): Promise<VerificationStatus> =>
        unwrap(api.POST("/sandbox/verifications/{verificationId}/fast-forward", { params: byId(verificationId) })),
      /** POST /sandbox/verifications/{id}/test-wallet — test keys only: the sandbox's wallet answers the latest request */
      testWallet: (verificationId: string, body: TestWalletRequest = {}): Promise<TestWalletAnswer> =>
        unwrap(api.POST("/sandbox/verifications/{verificationId}/test-wallet", { params: byId(verificationId), body })),
    };

    this.workflows = {
      /** GET /workflows/{id}/document-types — the document types a workflow accepts (optionally for one country) */
      documentTypes: (workflowId: string, query: { country?: string; step?: number } = {}): Promise<DocumentType[]> =>
        unwrap(api.GET("/workflows/{workflowId}/document-types", { params: { path: { workflowId }, query } })),
      /** GET /workflows/supported-document-types — every supported document type */
      supportedDocumentTypes: (): Promise<DocumentType[]> => unwrap(api.GET("/workflows/supported-document-types")),
      /** POST /workflows/{id}/links — a signed shareable /verify link */
      createLink: (workflowId: string, body: CreateLinkRequest = {}): Promise<CreateLinkResponse> =>
        unwrap(api.POST("/workflows/{workflowId}/links", { params: { path: { workflowId } }, body })),
      /** POST /workflows/{id}/email-otp — mail a one-time code for an EMAIL_VERIFICATION step */
      sendEmailOtp: (workflowId: string, body: EmailOtpRequest): Promise<void> =>
        unwrap(api.POST("/workflows/{workflowId}/email-otp", { params: { path: { workflowId } }, body })).then(
          () => undefined,
        ),
    };
  }
}
