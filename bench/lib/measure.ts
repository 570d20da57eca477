/** Small measuring and printing helpers shared by the figures. */

/** CPU time (user + system) of this process in microseconds. */
export function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

export function line(label: string, ours: string, baseline: string, goal: string): void {
  process.stdout.write(
    `${label.padEnd(4)} ours ${ours.padEnd(30)} baseline ${baseline.padEnd(34)} goal ${goal}\n`,
  );
}

export function note(text: string): void {
  process.stdout.write(`     ${text}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, polling; throws after `timeoutMs`. */
export async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
