/**
 * Where encrypted file bytes live. The bytes handed to a backend are already sealed (AES-256-GCM), so a backend
 * never sees plaintext. An S3-compatible backend implements the same three calls.
 */
export type StorageBackend = {
  readonly name: string;
  put(key: string, sealed: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(keys: string[]): Promise<void>;
};
