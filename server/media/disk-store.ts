// Media in a directory on disk (the default; contract 8.7).
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, stat, unlink, utimes } from "node:fs/promises";
import path from "node:path";
import { parseMediaName } from "./paths";
import type { MediaStore, StoredFile } from "./store";

/** Temporary files start with this; they are never a valid media name, so list() skips them. */
const TEMP_PREFIX = ".tmp-";

function checkName(name: string): string {
  // Names are `<hash>.<ext>`, which also keeps every path inside the directory.
  if (!parseMediaName(name)) throw new Error(`media store: invalid file name ${JSON.stringify(name)}`);
  return name;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT";
}

export class DiskMediaStore implements MediaStore {
  readonly dir: string;
  private ready: Promise<void> | null = null;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  private ensureDir(): Promise<void> {
    this.ready ??= mkdir(this.dir, { recursive: true }).then(
      () => undefined,
      (error: unknown) => {
        this.ready = null;
        throw error;
      },
    );
    return this.ready;
  }

  private file(name: string): string {
    return path.join(this.dir, checkName(name));
  }

  async put(name: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const target = this.file(name);
    if (await this.has(name)) {
      const now = new Date();
      await utimes(target, now, now);
      return;
    }
    await this.ensureDir();
    // Write a temporary file, flush it, then rename it into place: rename is atomic, so the
    // final name only ever holds complete content, even if the process dies mid-write.
    const temp = path.join(this.dir, `${TEMP_PREFIX}${randomBytes(8).toString("hex")}-${name}`);
    try {
      const handle = await open(temp, "wx");
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await this.syncDir();
  }

  /** Makes the rename itself durable (best effort: not every platform can fsync a directory). */
  private async syncDir(): Promise<void> {
    try {
      const handle = await open(this.dir, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // ignore: e.g. EISDIR/EPERM on platforms without directory fsync
    }
  }

  async get(name: string): Promise<Uint8Array | null> {
    try {
      const data = await readFile(this.file(name));
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async has(name: string): Promise<boolean> {
    try {
      return (await stat(this.file(name))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    try {
      await unlink(this.file(name));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(): AsyncIterable<StoredFile> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!parseMediaName(entry)) continue;
      try {
        yield { name: entry, modifiedAt: (await stat(path.join(this.dir, entry))).mtime };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }
}
