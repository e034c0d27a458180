/**
 * Stopping the service on SIGTERM (systemd, Docker) or SIGINT (Ctrl-C) before the service manager kills it:
 * systemd kills 30 s after SIGTERM (the operator's guide's unit, `TimeoutStopSec=30`), and a killed process leaves the
 * database's write-ahead log behind and cuts whatever was being written.
 *
 * Every request the service has received gets an answer: its own, or 503 `service_stopping` with
 * `Connection: close` (nothing was saved, send it again). Deno's graceful shutdown (`server.shutdown()`)
 * closes at once every keep-alive connection it has not yet read a request from, even when one is waiting
 * in the connection unread: on a busy machine that is most of them (measured: 0 of 60 requests answered with
 * the shutdown at the signal). So at the signal the server keeps its connections: the requests running
 * finish and are answered with `Connection: close`, a request that arrives from then on is answered 503
 * `service_stopping` with `Connection: close` without running, and a body still arriving is no longer read
 * (`src/http_body.ts`). Only once no request has started or ended for `QUIET_MS` does the server shut down,
 * and the stop waits for the requests that came meanwhile. It does not wait for Deno's `server.finished`: a
 * client still sending a body that was already answered holds its connection open for as long as it likes.
 * After `STOP_SECONDS` the stop waits no longer; the caller closes the database and the process exits, which
 * closes the connections left.
 */
import { errorBody } from "./errors.ts";
import { stoppingRefusal, stopReadingBodies } from "./http_body.ts";
import { negotiateLang } from "./i18n/mod.ts";
import type { Logger } from "./log.ts";

/** Exchanges still running this long after the signal are not waited for (well below `TimeoutStopSec=30`). */
export const STOP_SECONDS = 20;
/**
 * No request started or ended for this long (and for as many checks) counts as done: a request that waited
 * unread in its connection at the signal has been read by then, even by a process that gets little CPU.
 */
const QUIET_MS = 1000;
const QUIET_CHECKS = 10;

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

/** The exchanges in progress: the handler to serve with, and how many run since when. */
export interface Exchanges {
  handler: Handler;
  readonly running: number;
  /** When an exchange last started or ended (`performance.now()`). */
  readonly changedAt: number;
  /** From now on each answer closes its connection, and a request that arrives is answered 503. */
  stop(): void;
}

/** The answer to a request that arrives while the service stops, in the portal's error shape. */
function stoppingAnswer(req: Request): Response {
  const lang = negotiateLang(null, req.headers.get("accept-language"));
  return new Response(JSON.stringify(errorBody(stoppingRefusal(), lang)), {
    status: 503,
    headers: { "Content-Type": "application/json", "Connection": "close", "Retry-After": "5" },
  });
}

/** `res` with `Connection: close`: the client sends its next request elsewhere, or after the restart. */
function closing(res: Response): Response {
  try {
    res.headers.set("Connection", "close");
    return res;
  } catch {
    // Headers that cannot change (a response passed through): copied once.
    const copy = new Response(res.body, res);
    copy.headers.set("Connection", "close");
    return copy;
  }
}

/** Counts each request from its arrival until its response is written out or its client is gone. */
export function countExchanges(handler: Handler): Exchanges {
  let running = 0;
  let changedAt = performance.now();
  let stopping = false;
  const done = () => {
    running--;
    changedAt = performance.now();
  };
  return {
    handler: (req, info) => {
      running++;
      changedAt = performance.now();
      info.completed.then(done, done);
      if (stopping) return stoppingAnswer(req);
      const res = handler(req, info);
      if (res instanceof Response) return stopping ? closing(res) : res;
      return res.then((r) => stopping ? closing(r) : r);
    },
    get running() {
      return running;
    },
    get changedAt() {
      return changedAt;
    },
    stop() {
      stopping = true;
    },
  };
}

/**
 * From now on SIGTERM and SIGINT stop the service instead of ending the process: resolves with the first of
 * them. Called before the server opens its port, because the line that says it listens is what a service
 * manager or a test waits for before it may send SIGTERM; a signal with no listener yet takes its default
 * action and kills the process (exit 143), cutting requests and leaving the write-ahead log behind.
 */
export function listenForStop(): Promise<Deno.Signal> {
  return new Promise((resolve) => {
    Deno.addSignalListener("SIGTERM", () => resolve("SIGTERM"));
    Deno.addSignalListener("SIGINT", () => resolve("SIGINT"));
  });
}

/**
 * Resolves once the server has stopped after the signal `signalled` brings (`listenForStop`): every
 * exchange ended, or `STOP_SECONDS` passed. The caller then closes the database.
 */
export async function stopOnSignal(
  signalled: Promise<Deno.Signal>,
  server: Deno.HttpServer,
  exchanges: Exchanges,
  log: Logger,
  seconds = { all: STOP_SECONDS },
): Promise<void> {
  const signal = await signalled;
  const started = performance.now();
  log.info("stopping", { signal, running: exchanges.running });
  exchanges.stop();
  stopReadingBodies();
  await new Promise<void>((resolve) => {
    let shut = false;
    let quiet = 0;
    let since = Math.max(started, exchanges.changedAt);
    const poll = setInterval(() => {
      const now = performance.now();
      if (exchanges.running > 0 || exchanges.changedAt > since) {
        quiet = 0;
        since = Math.max(since, exchanges.changedAt);
      } else quiet++;
      if (exchanges.running === 0 && quiet >= QUIET_CHECKS && now - since >= QUIET_MS) {
        if (!shut) {
          // Nothing arrived for a while: the connections are idle, and closing them cuts no request.
          shut = true;
          quiet = 0;
          since = now;
          server.shutdown().catch(() => {});
          return;
        }
        clearInterval(poll);
        return resolve();
      }
      if (now - started >= seconds.all * 1000) {
        log.warn("stop deadline reached: requests still running are not waited for", {
          running: exchanges.running,
          seconds: seconds.all,
        });
        clearInterval(poll);
        resolve();
      }
    }, 50);
  });
}
