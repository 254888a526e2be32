// The one place that chooses where media is stored (contract 8.7): an S3-compatible bucket when
// S3_BUCKET is set, else a directory (MEDIA_DIR, default $DATA_DIR/media, DATA_DIR default ./data).
import path from "node:path";
import { DiskMediaStore } from "./disk-store";
import { S3MediaStore } from "./s3-store";
import type { MediaStore } from "./store";

type Env = Record<string, string | undefined>;

function configError(message: string): Error {
  return new Error(`Media storage configuration: ${message}`);
}

/** Unset or empty counts as not given. */
function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function parseBoolean(env: Env, name: string): boolean | undefined {
  const v = value(env, name);
  if (v === undefined) return undefined;
  if (/^(true|1|yes)$/i.test(v)) return true;
  if (/^(false|0|no)$/i.test(v)) return false;
  throw configError(`${name} is ${JSON.stringify(v)}; use true or false`);
}

/** The directory of the disk store for this environment. */
export function mediaDir(env: Env = process.env): string {
  const dir = value(env, "MEDIA_DIR") ?? path.join(value(env, "DATA_DIR") ?? "./data", "media");
  // Resolved at run time; the ignore comment keeps the bundler from tracing the whole project.
  return path.resolve(/*turbopackIgnore: true*/ dir);
}

/**
 * Builds the media store from the environment. S3 variables: S3_BUCKET, S3_ENDPOINT,
 * S3_REGION (default us-east-1), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (both or neither;
 * neither uses the SDK's default credential chain), S3_FORCE_PATH_STYLE (true/false),
 * S3_PREFIX (key prefix, default none). Throws with a clear message on a bad combination.
 */
export function createMediaStore(env: Env = process.env): MediaStore {
  const bucket = value(env, "S3_BUCKET");
  if (!bucket) return new DiskMediaStore(mediaDir(env));

  const endpoint = value(env, "S3_ENDPOINT");
  if (endpoint !== undefined) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw configError(`S3_ENDPOINT is ${JSON.stringify(endpoint)}; give a URL such as http://127.0.0.1:9000`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw configError(`S3_ENDPOINT must be an http or https URL, not ${JSON.stringify(endpoint)}`);
    }
  }
  const accessKeyId = value(env, "S3_ACCESS_KEY_ID");
  const secretAccessKey = value(env, "S3_SECRET_ACCESS_KEY");
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw configError(
      "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the default AWS credentials",
    );
  }
  let prefix = value(env, "S3_PREFIX") ?? "";
  if (prefix && !prefix.endsWith("/")) prefix += "/";

  return new S3MediaStore({
    bucket,
    prefix,
    endpoint,
    region: value(env, "S3_REGION") ?? "us-east-1",
    accessKeyId,
    secretAccessKey,
    forcePathStyle: parseBoolean(env, "S3_FORCE_PATH_STYLE") ?? false,
  });
}
