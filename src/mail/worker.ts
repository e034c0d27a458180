import type { Logger } from "../log.ts";
import { deliverDue, type MailTransport } from "./outbox.ts";

/**
 * Runs delivery every `everyMs` in the background of `serve`. `kick()` asks for a run soon (after a
 * request queued mail) without waiting for the next tick; runs never overlap.
 */
export function startMailWorker(
  deps: Parameters<typeof deliverDue>[0],
  transport: MailTransport,
  from: string,
  log: Logger,
  everyMs = 15_000,
) {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await deliverDue(deps, transport, from, log);
      } while (again);
    } catch (e) {
      log.error("mail worker failed", { error: e instanceof Error ? e.message : String(e) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, everyMs);
  queueMicrotask(run);
  return {
    kick: () => void run(),
    stop: () => clearInterval(timer),
  };
}
