/**
 * What a normalizer noticed while reading one result: which facts it had to understand from an
 * unusual shape, and which fields it could not place (shown as they are). `npm run doctor` prints
 * them per method, so an operator learns before going live what a real server sends. Screens pass
 * no notes: collecting costs nothing then.
 */
export class ShapeNotes {
  readonly understood = new Set<string>();
  readonly unplaced = new Set<string>();

  /** "status: understood from an object". */
  understand(field: string, how: string): void {
    if (this.understood.size < 100) this.understood.add(`${field}: ${how}`);
  }

  /** A field kept only as an extra line of the card. */
  unplace(field: string): void {
    if (this.unplaced.size < 100) this.unplaced.add(field);
  }

  get empty(): boolean {
    return this.understood.size === 0 && this.unplaced.size === 0;
  }
}

/** Calls `fn` with the notes when there are any (normalizers call it as `note?.(…)`-style helpers). */
export type Notes = ShapeNotes | undefined;
