/** File uploads and downloads of the portal: multipart parts in, stored files out. */
import type { Context } from "hono";
import { AppError } from "../errors.ts";
import { readBodyForm } from "../http_body.ts";

/** The named part of a `multipart/form-data` request (415 for another body, 400 when the part is missing). */
export async function uploadedFile(c: Context, field: string, seconds = 30): Promise<File> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError(
      "unsupported_media_type",
      `Send the file as multipart/form-data with a part named '${field}'.`,
    );
  }
  const form = await readBodyForm(c, seconds);
  const file = form.get(field);
  if (!(file instanceof File)) {
    throw new AppError("validation", `The part '${field}' with the file is missing.`, {
      fields: [{ field: `body.${field}`, message: "A file is required." }],
    });
  }
  return file;
}

/** A stored file as a download that no cache keeps. */
export function fileResponse(
  c: Context,
  f: { fileName: string; contentType: string; bytes: Uint8Array<ArrayBuffer> },
): Response {
  const name = f.fileName.replace(/[^\w.\- ]/g, "_");
  return c.body(f.bytes, 200, {
    "Content-Type": f.contentType,
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "private, no-store",
  });
}
