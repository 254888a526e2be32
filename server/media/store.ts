// Where media bytes live (contract 8.4, 8.7): content-addressed files named `<sha256>.<ext>`.
// Two implementations: a directory on disk (disk-store.ts) and an S3-compatible bucket
// (s3-store.ts); store-factory.ts picks one from the environment.
export { sha256Hex } from "./hash";

export interface StoredFile {
  name: string;
  modifiedAt: Date;
}

export interface MediaStore {
  /**
   * Stores `bytes` under `name` (`<hash>.<ext>`). Putting a name that already exists is a no-op:
   * the name is the hash of the content, so the stored bytes are already the same.
   * Once the promise resolves the file is durable; a crash never leaves a partial file under
   * the final name.
   */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(name: string): Promise<Uint8Array | null>;
  has(name: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** Every stored file with its last write time (for cleaning up files no row references). Order is unspecified. */
  list(): AsyncIterable<StoredFile>;
}
