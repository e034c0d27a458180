/** File uploads and downloads of the portal: multipart parts in, stored files out. */
import type { Context } from "hono";
import { refusal } from "../errors.ts";
import { readBodyForm } from "../http_body.ts";
import { ifNoneMatchHits, strongEtag } from "./http_cache.ts";

const CACHE_FILE = "private, no-store";

/**
 * A request's body stream can be read once; the form is kept per request so that the `Idempotency-Key`
 * fingerprint (taken before the handler runs) and the handler read the same parts.
 */
const forms = new WeakMap<Request, Promise<FormData>>();

/**
 * The form of a `multipart/form-data` request that carries the named file part (415 for another body, 400
 * when the part is missing).
 */
export async function uploadedForm(c: Context, field: string, seconds = 30): Promise<FormData> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw refusal("unsupported_media_type", "portal.multipartRequired", { field }, { field });
  }
  let read = forms.get(c.req.raw);
  if (!read) forms.set(c.req.raw, read = readBodyForm(c, seconds));
  const form = await read;
  if (!(form.get(field) instanceof File)) {
    throw refusal("validation", "portal.fileMissing", { field }, { field });
  }
  return form;
}

/** The named part of a `multipart/form-data` request (415 for another body, 400 when the part is missing). */
export async function uploadedFile(c: Context, field: string, seconds = 30): Promise<File> {
  return (await uploadedForm(c, field, seconds)).get(field) as File;
}

/**
 * The part `file` of an upload as a service stores it for the entry `id` (a leave request, a requested
 * document): the file's name and its bytes.
 */
export async function uploadFor(
  c: Context,
  id: string,
  seconds: number,
): Promise<{ id: string; fileName: string; bytes: Uint8Array<ArrayBuffer> }> {
  const file = await uploadedFile(c, "file", seconds);
  return { id, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * A stored file as a download that no cache keeps, with a strong `ETag` over its bytes: an app that kept the
 * file in its own storage sends `If-None-Match` and gets 304 without the bytes while they are unchanged.
 * `whenSent` runs only when the bytes are sent (a download counted is one that happened).
 */
export async function fileResponse(
  c: Context,
  f: { fileName: string; contentType: string; bytes: Uint8Array<ArrayBuffer> },
  whenSent?: () => Promise<unknown>,
): Promise<Response> {
  const etag = await strongEtag(f.bytes);
  const headers = { ETag: etag, "Cache-Control": CACHE_FILE };
  if (ifNoneMatchHits(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  await whenSent?.();
  const name = f.fileName.replace(/[^\w.\- ]/g, "_");
  return c.body(f.bytes, 200, {
    ...headers,
    "Content-Type": f.contentType,
    "Content-Disposition": `attachment; filename="${name}"`,
  });
}
