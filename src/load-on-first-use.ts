/**
 * A module (or anything costly) loaded on the first call and shared by every later one, instead of at
 * start: the native image library and the QR encoder are resident memory that a process which never
 * cleans a photo or draws a code does not need. A failed load is not kept: the next call
 * tries again, and the caller's step fails with the error meanwhile.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
