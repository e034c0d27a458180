/**
 * Files people upload from their phone (a medical certificate, a document HR asked for): what is accepted and
 * the one check every upload goes through. The type is told by the file's first bytes, never by its name or
 * the client's claim.
 */
import { Buffer } from "node:buffer";
import { refusal } from "../errors.ts";

/** The media types an upload may have: a PDF, or a photo as phones take them. */
export const UPLOAD_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/heic"] as const;

/** How a refusal names each type. */
const TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/heic": "HEIC",
};

/** The largest upload accepted: a phone photo or a scanned PDF fits well within it. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The media type of a file by its first bytes: PDF, JPEG, PNG, or HEIC/HEIF (phones' cameras); else null. */
export function fileTypeOf(bytes: Uint8Array): string | null {
  const at = (i: number, ...b: number[]) => b.every((x, k) => bytes[i + k] === x);
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (bytes.length >= 12 && at(4, 0x66, 0x74, 0x79, 0x70)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].includes(brand)) return "image/heic";
  }
  return null;
}

/** What a file people send HR or their approver is: the first part of the name it is listed and served under. */
export type UploadKind = "attachment" | "certificate" | "document";

const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/heic": "heic",
};

/**
 * The name a file someone uploaded for another person to open (a leave request's attachment for the approver,
 * a medical certificate or a requested document for HR) is stored, listed and served under: what it is and the
 * extension its content proved (`attachment.pdf`, `certificate.jpg`), never the name it was sent with. A PDF
 * named `einladung.html` would otherwise be offered to its reader as a page, or a name would mislead about
 * what it holds; CVs and letters are named the same way (`cv.pdf`). Files stored before under their
 * uploader's name are listed and served under this one too.
 */
export function neutralFileName(kind: UploadKind, contentType: string): string {
  const ext = EXTENSIONS[contentType];
  return ext ? `${kind}.${ext}` : kind;
}

/** `checkedUpload` for a file another person opens: stored under its neutral name (`neutralFileName`). */
export function checkedNeutralUpload(
  input: { fileName: string; bytes: Uint8Array },
  kind: UploadKind,
  types: readonly string[] = UPLOAD_TYPES,
): CheckedFile {
  const file = checkedUpload(input, kind, types);
  return { ...file, fileName: neutralFileName(kind, file.contentType) };
}

/** A checked upload, ready to store. */
export interface CheckedFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  bytes: Buffer;
}

/** The form field every upload arrives in (multipart `file`), which the refusals name. */
const UPLOAD_FIELD = "file";

/**
 * Checks an upload (not empty, at most 10 MB, a PDF or a photo by its content) and gives it a safe name,
 * `fallbackName` when it has none. The refusals speak of "the file" in the reader's language and name the
 * `file` field: what the file is for is clear where it is sent.
 */
export function checkedUpload(
  input: { fileName: string; bytes: Uint8Array },
  fallbackName: string,
  /** What this upload may be; the refusal names this list, so what it says is what the check takes. */
  types: readonly string[] = UPLOAD_TYPES,
): CheckedFile {
  const field = UPLOAD_FIELD;
  if (input.bytes.byteLength === 0) throw refusal("validation", "upload.empty", {}, { field });
  if (input.bytes.byteLength > UPLOAD_MAX_BYTES) {
    throw refusal("payload_too_large", "upload.tooLarge", {}, { field });
  }
  const contentType = fileTypeOf(input.bytes);
  if (!contentType || !types.includes(contentType)) {
    const anyOf = types.map((t) => TYPE_NAMES[t] ?? t);
    throw refusal("unsupported_media_type", "upload.wrongType", { types: { anyOf } }, { field });
  }
  // Control characters and path separators never reach a file name or a Content-Disposition header.
  // deno-lint-ignore no-control-regex
  const fileName = input.fileName.replace(/[\x00-\x1f/\\]/g, "_").slice(0, 200) || fallbackName;
  return { fileName, contentType, sizeBytes: input.bytes.byteLength, bytes: Buffer.from(input.bytes) };
}
