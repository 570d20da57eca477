/**
 * Request parameters as PHP would see them: `name` → last value, `name[]` / `name[3]` → a list.
 * Kept separate from body parsing so public methods (query string) use the same accessors.
 */

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  /** The file's bytes, only when the sandbox keeps uploads (SandboxOptions.keepUploads). */
  bytes?: Uint8Array;
}

/** `ids[]` and `ids[0]` both belong to the list `ids`, as in PHP's $_POST. */
const LIST_NAME = /^(.+)\[\d*\]$/;

export class Params {
  constructor(
    private readonly entries: ReadonlyArray<readonly [string, string]>,
    readonly files: readonly UploadedFile[] = [],
  ) {}

  static fromSearchParams(search: URLSearchParams): Params {
    return new Params([...search.entries()]);
  }

  /** Last value of a scalar field; an empty string counts as absent (PHP `empty()` habits). */
  get(name: string): string | undefined {
    let found: string | undefined;
    for (const [key, value] of this.entries) if (key === name) found = value;
    return found === "" ? undefined : found;
  }

  /** Raw last value, empty string kept (for fields where "" is meaningfully different from absent). */
  raw(name: string): string | undefined {
    let found: string | undefined;
    for (const [key, value] of this.entries) if (key === name) found = value;
    return found;
  }

  /** Values sent as `name[]` or `name[N]`. A bare scalar `name` is not a list, as in PHP. */
  list(name: string): string[] {
    return this.entries
      .filter(([key]) => LIST_NAME.exec(key)?.[1] === name)
      .map(([, value]) => value);
  }

  filesOf(name: string): UploadedFile[] {
    return this.files.filter((f) => f.field === name || LIST_NAME.exec(f.field)?.[1] === name);
  }

  /** For RecordedRequest.fields: names as sent; `x[]` names and repeated names become arrays. */
  record(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of this.entries) {
      const previous = out[key];
      if (previous === undefined) out[key] = key.endsWith("[]") ? [value] : value;
      else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    return out;
  }
}
