/** Commands for a person's own documents: HR files a contract or a salary certificate for one person. */
import { eq } from "drizzle-orm";
import { basename } from "node:path";
import type { Command } from "./command.ts";
import { CommandError } from "./errors.ts";
import { number, refusing, text } from "./args.ts";
import { employees } from "../db/schema/mod.ts";
import {
  addPersonalDocument,
  PERSONAL_DOCUMENT_KINDS,
  type PersonalDocumentKind,
} from "../services/my_documents.ts";
import { UPLOAD_MAX_BYTES } from "../services/uploaded_files.ts";

export const documentCommands: Command[] = [
  {
    name: "documents add",
    summary: "File a person's own document (contract, salary certificate, letter) for the portal",
    usage: "documents add --employee <personnel number> --kind CONTRACT|SALARY_CERTIFICATE|OTHER\n" +
      "              --title <text> [--year <YYYY>] --file <file.pdf>\n\n" +
      "The person lists and downloads it in the portal (GET /employee/documents); nobody else but HR\n" +
      "reads it. A PDF or a photo (JPEG, PNG, HEIC), at most 10 MB, recognised by its content.",
    options: {
      employee: { type: "string" },
      kind: { type: "string" },
      title: { type: "string" },
      year: { type: "string" },
      file: { type: "string" },
    },
    async run(deps, { values }, io) {
      const personnelNumber = text(values, "employee");
      const kind = text(values, "kind").toUpperCase();
      if (!(PERSONAL_DOCUMENT_KINDS as readonly string[]).includes(kind)) {
        throw new CommandError(`--kind must be one of ${PERSONAL_DOCUMENT_KINDS.join(", ")}.`);
      }
      const path = text(values, "file");
      const info = await Deno.stat(path).catch(() => null);
      if (!info?.isFile) throw new CommandError(`Cannot read ${path}.`);
      if (info.size > UPLOAD_MAX_BYTES) throw new CommandError(`${path} is larger than 10 MB.`);
      const emp = await deps.db.query.employees.findFirst({
        where: eq(employees.personnelNumber, personnelNumber),
      });
      if (!emp) throw new CommandError(`No person has the personnel number ${personnelNumber}.`);
      const doc = await refusing(async () =>
        addPersonalDocument(deps, {
          employeeId: emp.id,
          kind: kind as PersonalDocumentKind,
          title: text(values, "title"),
          year: number(values, "year") ?? null,
          fileName: basename(path),
          bytes: await Deno.readFile(path),
        })
      );
      io.out(`Filed ${doc.kind} "${doc.title}" for ${emp.firstName} ${emp.lastName} (${doc.id}).\n`);
      return 0;
    },
  },
];
