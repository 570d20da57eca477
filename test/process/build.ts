/**
 * Global setup of the process tests: compiles src/ to dist/ once per run. Building in each test file
 * instead made parallel files race on dist/ (one deleting or half-writing what another was starting);
 * two runs at once take turns and the second builds nothing when dist/ is current (buildOnce).
 */
import { buildOnce } from "./process-helpers.js";

export default async function setup(): Promise<void> {
  await buildOnce();
}
