/**
 * Reading a request body so that a client cannot hurt the service with it: a client that drops the
 * connection mid-body gets a quiet 400 (a broken upload is the client's network, not a fault of the service,
 * so no stack trace is logged), and one that sends its body too slowly gets 408 after `BODY_READ_TIMEOUT_SECONDS`
 * (a slow sender cannot hold a request open for minutes). Deno's server has no header or body timeouts of its
 * own; a reverse proxy in front adds the header timeout (nginx `client_header_timeout`).
 */
import type { Context } from "hono";
import { AppError } from "./errors.ts";

async function within<T>(c: Context, read: Promise<T>, seconds: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError(
            "request_timeout",
            `The request body did not arrive within ${seconds} s; send it again.`,
          ),
        ),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([read, deadline]);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(
      "bad_request",
      "The request body could not be read completely (the connection broke off); send it again.",
    );
  } finally {
    clearTimeout(timer);
    void c;
  }
}

/** The body as text, within the deadline. */
export function readBodyText(c: Context, seconds: number): Promise<string> {
  return within(c, c.req.text(), seconds);
}

/** The body as form data (multipart or urlencoded), within the deadline. */
export function readBodyForm(c: Context, seconds: number): Promise<FormData> {
  return within(c, c.req.raw.formData(), seconds);
}

/**
 * Reads a body of undeclared length (chunked) up to `max` bytes within the deadline: the bytes, or the answer
 * to send (413 beyond the limit, 400 when the client broke off, 408 when it took too long).
 */
export async function readCountedBody(
  req: Request,
  max: number,
  seconds: number,
): Promise<Uint8Array<ArrayBuffer> | { status: 400 | 408 | 413; error: string; code: string }> {
  const reader = req.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"late">((resolve) =>
    timer = setTimeout(() => resolve("late"), seconds * 1000)
  );
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === "late") {
        await reader.cancel().catch(() => {});
        return {
          status: 408,
          error: `The request body did not arrive within ${seconds} s; send it again.`,
          code: "request_timeout",
        };
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return {
          status: 413,
          error: `The request body is larger than ${max} bytes.`,
          code: "payload_too_large",
        };
      }
      chunks.push(next.value);
    }
  } catch {
    return {
      status: 400,
      error: "The request body could not be read completely (the connection broke off); send it again.",
      code: "bad_request",
    };
  } finally {
    clearTimeout(timer);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
