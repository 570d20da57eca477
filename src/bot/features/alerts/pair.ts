/**
 * A direction as an alert sees it: its slug, both currencies' names and the rate number now — the
 * pair's shared read when it is younger than the interval (one read serves every screen and the
 * watcher), else read now and shared. A direction with no rate, or whose rate's place in a positional
 * answer is not certain, cannot carry an alert: the reading says which.
 */
import {
  pairKey,
  pairReadOf,
  type Pair,
  type PairRead,
} from "../../../storage/rate-alert-rules.js";
import type { Language } from "../../../exchanger/index.js";
import type { BotDeps } from "../../context.js";

export type PairLook =
  | { ok: true; slug: string; value: string; at: number; send: string; receive: string }
  | { ok: false; problem: "gone" | "no-rate" | "unsure-rate"; send: string; receive: string };

const nameOf = (labels: ReadonlyMap<string, string>, id: string) => labels.get(id) ?? `#${id}`;

export async function lookAtPair(deps: BotDeps, language: Language, pair: Pair): Promise<PairLook> {
  const key = pairKey(pair);
  const [link, labels, fresh] = await Promise.all([
    deps.directions.find(language, pair.sendId, pair.receiveId),
    deps.currencies.labels(language),
    deps.rateAlerts.freshRead(key),
  ]);
  const names = { send: nameOf(labels, pair.sendId), receive: nameOf(labels, pair.receiveId) };
  if (!link) return { ok: false, problem: "gone", ...names };
  const read = fresh?.slug === link.pair ? fresh : await readNow(deps, language, key, link.pair);
  if (read.value === undefined || read.at === undefined)
    return { ok: false, problem: read.problem ?? "no-rate", ...names };
  return { ok: true, slug: link.pair, value: read.value, at: read.at, ...names };
}

async function readNow(
  deps: BotDeps,
  language: Language,
  key: string,
  slug: string,
): Promise<PairRead> {
  const direction = await deps.exchanger.getExchange(language, slug);
  const read = pairReadOf(direction, slug, Date.now());
  await deps.rateAlerts.saveRead(key, read);
  return read;
}
