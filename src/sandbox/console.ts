/**
 * `npm run sandbox`'s console: what the exchanger's operator does in the admin panel, typed on the
 * sandbox's standard input, so the bot's notifications (polled, or pushed by the webhooks) can be seen
 * end to end on a laptop:
 *
 *   orders <account>                      the account's newest orders (id, status)
 *   status <account> <order id> <0-8>     move an order to a status (0 created … 4 completed)
 *   verify <account> approved|rejected|pending [comment]
 *   block <account> | unblock <account>
 *   send                                  send the pending webhook events now
 */
import { createInterface } from "node:readline";
import type { Sandbox } from "./server.js";
import { getAccount } from "./state.js";

const HELP = [
  "Commands (the admin panel of this sandbox):",
  "  orders <account>                    newest orders: id and status",
  "  status <account> <order id> <0-8>   move an order (0 created, 1 paid, 2 suspended, 3 canceled, 4 completed)",
  "  verify <account> approved|rejected|pending [comment]",
  "  block <account>   unblock <account>",
  "  send                                send the pending webhook events now",
].join("\n");

type Command = (sandbox: Sandbox, args: string[]) => Promise<string> | string;

const COMMANDS: Record<string, Command> = {
  orders: (sandbox, [account]) =>
    [...getAccount(sandbox.state, account ?? "").orders]
      .sort((a, b) => Number(b.id) - Number(a.id))
      .slice(0, 10)
      .map((o) => `  #${o.id}  status ${String(o.status)}`)
      .join("\n"),
  status: (sandbox, [account, id, status]) => {
    sandbox.setOrderStatus(account ?? "", id ?? "", Number(status));
    return `order #${id} of ${account} is now ${status}`;
  },
  verify: (sandbox, [account, status, ...comment]) => {
    if (status !== "approved" && status !== "rejected" && status !== "pending") return HELP;
    sandbox.setVerificationStatus(account ?? "", status, comment.join(" "));
    return `verification of ${account} is now ${status}`;
  },
  block: (sandbox, [account]) => {
    sandbox.setAccountActive(account ?? "", 0);
    return `${account} is blocked`;
  },
  unblock: (sandbox, [account]) => {
    sandbox.setAccountActive(account ?? "", 1);
    return `${account} is active`;
  },
  send: async (sandbox) => {
    if (sandbox.webhooks === undefined) return "webhooks are off (--webhook-url)";
    const status = await sandbox.webhooks.flush();
    return status === undefined ? "no pending events" : `batch sent: HTTP ${status}`;
  },
};

/** One typed line: what the console answers (the help for anything it does not know). */
export async function runCommand(sandbox: Sandbox, line: string): Promise<string> {
  const [name, ...args] = line.trim().split(/\s+/);
  const command = name && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  try {
    return command ? await command(sandbox, args) : HELP;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Reads commands from standard input until it closes. */
export function startConsole(sandbox: Sandbox): void {
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line.trim() !== "") void runCommand(sandbox, line).then((answer) => console.log(answer));
  });
}

export { HELP as CONSOLE_HELP };
