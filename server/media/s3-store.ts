// Media in an S3-compatible bucket (contract 8.7), used when S3_BUCKET is set.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { parseMediaName } from "./paths";
import type { MediaStore, StoredFile } from "./store";

export interface S3MediaStoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. "media/" ("" stores at the top). */
  prefix?: string;
  /** Custom endpoint for S3-compatible services (MinIO, R2, …); omit for AWS. */
  endpoint?: string;
  region?: string;
  /** Omit both to use the SDK's default credential chain (AWS_* variables, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle?: boolean;
}

function checkName(name: string): string {
  if (!parseMediaName(name)) throw new Error(`media store: invalid file name ${JSON.stringify(name)}`);
  return name;
}

/**
 * A missing key: "NoSuchKey" from GET, "NotFound" from HEAD (which has no body to say more).
 * A missing bucket ("NoSuchBucket") is a configuration error and is thrown.
 */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

export class S3MediaStore implements MediaStore {
  readonly bucket: string;
  readonly prefix: string;
  private readonly client: S3Client;

  constructor(options: S3MediaStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? "";
    this.client = new S3Client({
      region: options.region ?? "us-east-1",
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId !== undefined && options.secretAccessKey !== undefined
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Only add checksums where the API requires them: several S3-compatible servers reject
      // the newer default (flexible checksums on every upload).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private key(name: string): string {
    return this.prefix + checkName(name);
  }

  async put(name: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const key = this.key(name);
    // Always written, even when the object exists: the new write time keeps the orphan
    // clean-up away from a file a request is about to reference again.
    // A PUT is atomic in S3: readers see the old state or the whole new object, never part.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(name: string): Promise<Uint8Array | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      if (!out.Body) return new Uint8Array(0);
      return await out.Body.transformToByteArray();
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async has(name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    // DeleteObject succeeds for a missing key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
  }

  async *list(): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.prefix.length);
        if (name && parseMediaName(name)) yield { name, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
