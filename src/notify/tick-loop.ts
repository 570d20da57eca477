/**
 * The background loop of a watcher (order notifications, rate alerts): run a tick, and when it did not
 * find a full batch, wait a tick's time before the next; stop() wakes the wait and resolves once the
 * tick in flight has ended. A failing tick is reported and the loop goes on.
 */
export class TickLoop {
  #loop: Promise<void> | undefined;
  #stopped = false;
  #wake: (() => void) | undefined;

  constructor(
    private readonly tick: () => Promise<{ full: boolean }>,
    private readonly tickMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.#loop) return;
    this.#stopped = false;
    this.#loop = (async () => {
      while (!this.#stopped) {
        let full = false;
        try {
          full = (await this.tick()).full;
        } catch (error) {
          this.failed(error);
        }
        if (!full && !this.#stopped) await this.#pause();
      }
    })();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#loop;
    this.#loop = undefined;
  }

  #pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.tickMs);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
