/**
 * Reading a request body so that a client cannot hurt the service with it: a client that drops the
 * connection mid-body gets a quiet 400 (a broken upload is the client's network, not a fault of the service,
 * so no stack trace is logged), and one that sends its body too slowly gets 408 after `BODY_READ_TIMEOUT_SECONDS`
 * (a slow sender cannot hold a request open for minutes). Deno's server has no header or body timeouts of its
 * own; a reverse proxy in front adds the header timeout (nginx `client_header_timeout`).
 *
 * When the service stops, a body still arriving is not waited for: its request is answered 503 (nothing was
 * saved, send it again) rather than holding the stop until systemd kills the process.
 */
import type { Context } from "hono";
import { AppError, refusal } from "./errors.ts";

const stopping = () => refusal("service_stopping", "http.stopping");
const broken = () => refusal("bad_request", "http.bodyBroken");
const late = (seconds: number) => refusal("request_timeout", "http.bodyTimeout", { seconds });

/** The refusal of a body larger than the limit (413), said in the reader's language where it is answered. */
export function tooLargeBody(max: number): AppError {
  return refusal("payload_too_large", "http.bodyTooLarge", { max });
}

/**
 * Set once the service stops: a body still arriving is no longer read, and its request is answered 503
 * `service_stopping` (nothing was saved, send it again), so that a slow sender cannot hold the stop.
 */
const stop = { stopping: false, ends: new Set<() => void>() };

/** The refusal of a request that the stopping service does not run. */
export function stoppingRefusal(): AppError {
  return stopping();
}

/**
 * The service is stopping: every body read still going ends, and its request is answered 503
 * `service_stopping`. Only the running service calls this, once.
 */
export function stopReadingBodies(): void {
  stop.stopping = true;
  for (const end of stop.ends) end();
  stop.ends.clear();
}

async function within<T>(c: Context | undefined, read: Promise<T>, seconds: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let end: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late(seconds)), seconds * 1000);
    end = () => reject(stopping());
    if (stop.stopping) end();
    else stop.ends.add(end);
  });
  try {
    return await Promise.race([read, deadline]);
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (stop.stopping) throw stopping();
    throw broken();
  } finally {
    clearTimeout(timer);
    stop.ends.delete(end!);
    void c;
  }
}

/** The body as text, within the deadline. */
export function readBodyText(c: Context, seconds: number): Promise<string> {
  return within(c, c.req.text(), seconds);
}

/** A request's body as text, within the deadline (a request answered ahead of the router). */
export function readRequestText(req: Request, seconds: number): Promise<string> {
  return within(undefined, req.text(), seconds);
}

/** The body as form data (multipart or urlencoded), within the deadline. */
export function readBodyForm(c: Context, seconds: number): Promise<FormData> {
  return within(c, c.req.raw.formData(), seconds);
}

/**
 * Reads a body of undeclared length (chunked) up to `max` bytes within the deadline: the bytes, or the refusal
 * to answer (413 beyond the limit, 400 when the client broke off, 408 when it took too long, 503 when the
 * service is stopping), which the caller says in the reader's language.
 */
export async function readCountedBody(
  req: Request,
  max: number,
  seconds: number,
): Promise<Uint8Array<ArrayBuffer> | AppError> {
  const reader = req.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let end: (() => void) | undefined;
  const deadline = new Promise<"late" | "stop">((resolve) => {
    timer = setTimeout(() => resolve("late"), seconds * 1000);
    end = () => resolve("stop");
    if (stop.stopping) end();
    else stop.ends.add(end);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === "stop") {
        await reader.cancel().catch(() => {});
        return stopping();
      }
      if (next === "late") {
        await reader.cancel().catch(() => {});
        return late(seconds);
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return tooLargeBody(max);
      }
      chunks.push(next.value);
    }
  } catch {
    if (stop.stopping) return stopping();
    return broken();
  } finally {
    clearTimeout(timer);
    stop.ends.delete(end!);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
