/** A raw deflate stream that inflates to at least `size` zeros; `inflated` says exactly how many. */
export function deflatedZeros(size: number): { data: Uint8Array; inflated: number };

export interface RawEntry {
  name: string;
  data: Uint8Array;
  /** `data` is a raw deflate stream (method 8); otherwise it is stored (method 0). */
  deflated?: boolean;
  /** The uncompressed size the headers claim; `data`'s length unless given. */
  declared?: number;
}

/** A zip of `entries` written as given (headers claiming `declared`), CRCs left 0. */
export function zipOfRaw(entries: RawEntry[]): Uint8Array;

/** `before` (honest entries), then the entry `name` claiming `declared` bytes and inflating to at least `inflates` zeros. */
export function lyingZip(options: { name: string; declared: number; inflates: number; before?: RawEntry[] }): {
  bytes: Uint8Array;
  inflated: number;
};
