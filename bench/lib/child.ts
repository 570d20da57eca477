/** The bench's child processes (exchanger, Telegram): fork one, wait for a reply of a given type. */
import { fork, type ChildProcess } from "node:child_process";

export function forkChild(script: string, env: Record<string, string> = {}): ChildProcess {
  return fork(script, [], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/** The child's next message of this type; rejects if it exits first, or if it reports "failed". */
export function nextReply<R extends { type: string }, T extends R["type"]>(
  child: ChildProcess,
  type: T,
): Promise<Extract<R, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: R) => {
      if (message.type === "failed") {
        cleanup();
        reject(
          new Error(`child process: ${(message as { message?: string }).message ?? "failed"}`),
        );
        return;
      }
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<R, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the child process exited (code ${code}) before answering "${type}"`));
    };
    const cleanup = () => {
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill();
  await exited;
}
