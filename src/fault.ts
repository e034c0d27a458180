/**
 * The fault seam, a testing aid: when `FAULT_STOP_AT` names a phase of a connector commit, the process kills
 * itself there with SIGKILL, as a power cut or `kill -9` would: no `finally`, no unload handler, no flush. The
 * fault suite (`tests/mcp/crash_test.ts`) restarts the service on the same file and proves that a retry files
 * exactly once and answers as a clean commit does. Unset (every real installation), it does nothing.
 */
import type { Config, FaultPhase } from "./config.ts";

/** Stops the process here when the configuration names this phase. */
export function faultPoint(config: Pick<Config, "faultStopAt">, phase: FaultPhase): void {
  if (config.faultStopAt !== phase) return;
  Deno.kill(Deno.pid, "SIGKILL");
  // A signal to oneself is delivered before kill returns; this line only guards against a platform that
  // queues it.
  Deno.exit(137);
}
