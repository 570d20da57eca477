/**
 * The three ways an exchanger call can fail, as the bot needs to tell them apart.
 * None of them ever holds the API key: messages are built from the method name and server text only.
 */

/** The server answered with the error envelope (`success: false`). `message` may be absent. */
export class ExchangerError extends Error {
  constructor(
    readonly method: string,
    readonly serverMessage: string | undefined,
    readonly httpStatus: number,
  ) {
    super(`${method} failed${serverMessage ? `: ${serverMessage}` : ""}`);
    this.name = "ExchangerError";
  }
}

/**
 * The key was rejected (revoked, changed, API switched off): HTTP 401/403, or the error envelope
 * under any other non-5xx status once key-check.ts has confirmed it with get-info.
 */
export class Unauthorized extends Error {
  constructor(
    readonly method: string,
    readonly serverMessage: string | undefined,
    readonly httpStatus: number,
  ) {
    super(`${method}: the API key was rejected (HTTP ${httpStatus})`);
    this.name = "Unauthorized";
  }
}

export type UnavailableReason = "network" | "timeout" | "server-error" | "bad-response";

/** The exchanger could not be reached or answered something that is not the API (5xx, HTML, junk). */
export class Unavailable extends Error {
  constructor(
    readonly method: string,
    readonly reason: UnavailableReason,
    detail: string,
    readonly httpStatus?: number,
  ) {
    super(
      `${method}: exchanger unavailable (${reason}${httpStatus ? ` ${httpStatus}` : ""}): ${detail}`,
    );
    this.name = "Unavailable";
  }
}

/**
 * The exchanger answered records the bot cannot read with certainty (positional records no proven
 * layout fits, or whose id nothing proves): the thing asked for may be among them, so "not found"
 * would be untrue. The screens say so and send the customer to the website.
 */
export class Unreadable extends Error {
  constructor(readonly method: string) {
    super(`${method}: the answer holds records the bot cannot read with certainty`);
    this.name = "Unreadable";
  }
}
