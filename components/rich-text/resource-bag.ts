// Files inserted into rich-text fields (upload, paste, drop) before the form is saved. While
// editing, the editor shows them from blob: URLs; on save, `withResources` swaps each blob: URL
// in the HTML for the file's name and returns the `resources` map the API expects (contract 8.1).
// One bag serves a whole form, so names are unique across its fields.

export interface PendingFile {
  /** The name used as the resource path in the saved HTML (unique within the bag). */
  name: string;
  /** The blob: URL the editor shows while editing. */
  url: string;
  /** The file's content in Base64 (standard alphabet). */
  base64: string;
}

export class ResourceBag {
  private byUrl = new Map<string, PendingFile>();
  private names = new Set<string>();

  add(file: PendingFile): void {
    this.byUrl.set(file.url, file);
    this.names.add(file.name);
  }

  has(url: string): boolean {
    return this.byUrl.has(url);
  }

  get size(): number {
    return this.byUrl.size;
  }

  /**
   * A resource path not yet used in this bag: `<stem>-<n>.<ext>` (e.g. `image-1.png`). Stems and
   * extensions are plain words, so the path is always a valid relative URL (contract 8.2).
   */
  uniqueName(stem: string, ext: string): string {
    for (let n = 1; ; n++) {
      const name = `${stem}-${n}.${ext}`;
      if (!this.names.has(name)) return name;
    }
  }

  /**
   * Replaces every blob: URL of this bag found in `fields` by its file name and returns the
   * rewritten fields and the resources they reference (only those, so nothing is sent unused).
   */
  withResources<T extends Record<string, string>>(fields: T): { fields: T; resources: Record<string, string> } {
    const resources: Record<string, string> = {};
    const out = { ...fields };
    for (const key of Object.keys(out) as (keyof T)[]) {
      let html = out[key] as string;
      for (const file of this.byUrl.values()) {
        if (!html.includes(file.url)) continue;
        html = html.split(file.url).join(file.name);
        resources[file.name] = file.base64;
      }
      out[key] = html as T[keyof T];
    }
    return { fields: out, resources };
  }
}
