/**
 * Global setup of the process tests: compiles src/ to dist/ once per run. Building in each test file
 * instead made parallel files race on dist/ (one deleting or half-writing what another was starting).
 */
import { buildOnce } from "./process-helpers.js";

export default function setup(): void {
  buildOnce();
}
