/**
 * A note on an application is filed once. An assistant whose commit lost its answer (a dropped connection, a
 * restart) may prepare the same note again and commit that: the retry of the first `previewId` replays its
 * answer, but a new preview would be a new write. The same text by the same person on the same application
 * within a preview's lifetime is therefore taken for that repetition and refused, naming the note already
 * filed; a note meant twice can be worded differently, or filed after the window.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { applicationNotes } from "../db/schema/mod.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import type { Q } from "./common.ts";

/** As long as a connector preview lives: the window in which a repeated note is a retry, not a new note. */
const REPEAT_WINDOW_MS = 15 * 60_000;

/** Refuses `text` when `actor` filed the same note on the application within the window. */
export async function refuseRepeatedNote(
  q: Q,
  actor: Actor,
  applicationId: string,
  text: string,
  now: number,
): Promise<void> {
  const [same] = await q.select({ id: applicationNotes.id, createdAt: applicationNotes.createdAt })
    .from(applicationNotes).where(and(
      eq(applicationNotes.applicationId, applicationId),
      eq(applicationNotes.authorUserId, actor.userId),
      eq(applicationNotes.body, text),
      gt(applicationNotes.createdAt, now - REPEAT_WINDOW_MS),
    )).orderBy(desc(applicationNotes.createdAt)).limit(1);
  if (same) {
    throw refusal("conflict", "connector.noteRepeated", {
      at: new Date(same.createdAt).toISOString(),
      id: same.id,
    });
  }
}
