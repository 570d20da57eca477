/**
 * What this process has learned about the exchanger's statuses: whether it writes them as numbers or
 * as names, which names it uses, and which status filters it refused. One instance per process (made
 * in app.ts, reached through deps), never a module singleton: a test's restarted bot starts knowing
 * nothing, like a redeployed one.
 *
 * The filter chips derive from it (filterChoices), by this rule:
 * - A server that writes numbers gets the spec's five ids (0–4), sent as numbers. The spec documents
 *   them for every server, and the number is the form even numeric-only servers accept.
 * - A server that writes names gets one chip per name it has actually sent whose meaning the
 *   vocabulary knows, sent in the documented `@name` form. Only names seen on this server: the
 *   spec's `@created` means nothing to a script that calls it `new`, and a name we only guessed would
 *   be refused. Several names may share a meaning (new, awaiting_payment); each stays its own chip,
 *   because a filter carries one status and a meaning chip would have to hide some of its orders.
 *   Two spellings of one status (waiting, awaiting_payment) would make two chips with one label:
 *   the first seen is offered, the other only once the first is refused.
 * - Which form: the one most of the distinct statuses seen were written in (one odd order does not
 *   turn a numeric server into a named one); before anything was seen, numbers (the spec's own form).
 * - A choice the server refused is never offered again in this process.
 * Chips come in the vocabulary's order of meanings (what needs the customer first), at most
 * MAX_CHOICES, and only names that fit a button's callback data.
 */
import {
  describeStatus,
  KNOWN_STATUS_KEYS,
  meaningRank,
  specStatusId,
  type StatusForm,
} from "./vocabulary.js";

/** One status filter in the server's form: `value` is "0" for numbers, the bare name for names. */
export interface StatusChoice {
  form: StatusForm;
  value: string;
}

/** Names that can travel in callback data (see bot/features/orders/codec.ts). */
export const FILTER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,15}$/;
const MAX_CHOICES = 9;
/** A server sending endless distinct statuses must not grow this without bound. */
const MAX_NAMES = 64;

const SPEC_IDS = KNOWN_STATUS_KEYS.map(specStatusId).filter((id): id is number => id !== undefined);

const choiceId = (choice: StatusChoice): string => `${choice.form}:${choice.value}`;

/** A choice as a status the vocabulary reads: the number as a number, a name as itself. */
export const choiceStatus = (choice: StatusChoice): number | string =>
  choice.form === "number" ? Number(choice.value) : choice.value;

export class ServerStatuses {
  #numbers = new Set<string>();
  #names = new Set<string>();
  #refused = new Set<string>();
  /**
   * The chips last derived, until what they derive from changes: every list screen asks for them, while a server's statuses are learned once and rarely change after.
   */
  #choices: readonly StatusChoice[] | undefined;

  /** Notes the statuses of orders the server returned. */
  observe(statuses: Iterable<unknown>): void {
    for (const status of statuses) {
      const info = describeStatus(status);
      if (info.value === undefined) continue;
      const seen = info.form === "number" ? this.#numbers : this.#names;
      if (seen.size < MAX_NAMES && !seen.has(info.value)) {
        seen.add(info.value);
        this.#choices = undefined;
      }
    }
  }

  /** How this server writes statuses (see the header). */
  get form(): StatusForm {
    return this.#names.size > this.#numbers.size ? "name" : "number";
  }

  /** The filter chips to offer now, by the rule in the header. */
  filterChoices(): readonly StatusChoice[] {
    return (this.#choices ??= Object.freeze(this.#derive()));
  }

  #derive(): StatusChoice[] {
    const candidates: StatusChoice[] =
      this.form === "number"
        ? SPEC_IDS.map((id) => ({ form: "number", value: String(id) }))
        : [...this.#names]
            .filter((name) => FILTER_NAME.test(name) && describeStatus(name).key !== undefined)
            .map((value) => ({ form: "name", value }));
    const rank = (choice: StatusChoice) => {
      const info = describeStatus(choiceStatus(choice));
      return meaningRank(info.meaning) * 100 + KNOWN_STATUS_KEYS.indexOf(info.key!);
    };
    const offered = new Set<string>();
    return candidates
      .filter((choice) => !this.isRefused(choice))
      .filter((choice) => {
        const key = describeStatus(choiceStatus(choice)).key!;
        return offered.has(key) ? false : (offered.add(key), true);
      })
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, MAX_CHOICES);
  }

  /**
   * Every status this server may give an order, as filters: numbers — the spec's five ids and any other
   * number seen —, or every name seen. What a status is proved against (orders/payable-proof.ts): an
   * order that holds none of them is proved to hold no status at all, never the nearest one.
   */
  domain(): StatusChoice[] {
    if (this.form === "name")
      return [...this.#names]
        .map((value): StatusChoice => ({ form: "name", value }))
        .filter((choice) => !this.isRefused(choice));
    const ids = new Set([...SPEC_IDS.map(String), ...this.#numbers]);
    return [...ids]
      .sort((a, b) => Number(a) - Number(b))
      .map((value): StatusChoice => ({ form: "number", value }));
  }

  /** What was learned, as plain JSON for the server profile's store record. */
  snapshot(): { numbers: string[]; names: string[]; refused: string[] } {
    return { numbers: [...this.#numbers], names: [...this.#names], refused: [...this.#refused] };
  }

  /** Takes back what another instance (or an earlier run) learned, beside what this one has seen. */
  restore(saved: { numbers?: unknown; names?: unknown; refused?: unknown }): void {
    const texts = (value: unknown) =>
      Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    for (const n of texts(saved.numbers).slice(0, MAX_NAMES)) this.#numbers.add(n);
    for (const n of texts(saved.names).slice(0, MAX_NAMES)) this.#names.add(n);
    for (const n of texts(saved.refused).slice(0, MAX_NAMES)) this.#refused.add(n);
    this.#choices = undefined;
  }

  /** The server answered this filter with an error: do not offer it again. */
  refuse(choice: StatusChoice): void {
    this.#refused.add(choiceId(choice));
    this.#choices = undefined;
  }

  isRefused(choice: StatusChoice): boolean {
    return this.#refused.has(choiceId(choice));
  }
}

/** The `status` parameter for a choice: the number, or the documented `@name` form. */
export function statusFilterParam(choice: StatusChoice): number | `@${string}` {
  return choice.form === "number" ? Number(choice.value) : `@${choice.value}`;
}
