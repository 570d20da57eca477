/**
 * CPU or allocation profiles of chosen stretches of this process (the timed presses or bursts only,
 * not start-up), written as `<dir>/<name>-<k>.cpuprofile` or `.heapprofile` for profile-summary.ts.
 * Used by P1 (BENCH_P1_PROFILE, in the bench process) and P2 (BENCH_P2_PROFILE, in each bot child).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

export interface Profiler {
  start(): Promise<void>;
  /** Ends the stretch begun by start() and writes its profile under `name`. */
  stop(name: string): Promise<void>;
}

/** `heap`: allocation profiles (every sampled allocation, collected or not) instead of CPU ones. */
export function createProfiler(dir: string, heap = false): Profiler {
  let session: Session | undefined;
  let count = 0;
  return {
    async start() {
      if (!session) {
        session = new Session();
        session.connect();
        await session.post(heap ? "HeapProfiler.enable" : "Profiler.enable");
        if (!heap) await session.post("Profiler.setSamplingInterval", { interval: 100 });
      }
      if (heap)
        await session.post("HeapProfiler.startSampling", {
          samplingInterval: 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        } as never);
      else await session.post("Profiler.start");
    },
    async stop(name) {
      if (!session) throw new Error("profiler: stop() before start()");
      const { profile } = heap
        ? await session.post("HeapProfiler.stopSampling")
        : await session.post("Profiler.stop");
      writeFileSync(
        `${dir}/${name}-${++count}.${heap ? "heapprofile" : "cpuprofile"}`,
        JSON.stringify(profile),
      );
    },
  };
}
