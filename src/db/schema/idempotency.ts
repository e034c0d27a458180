import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { instant } from "./_common.ts";

/**
 * `Idempotency-Key` of the portal's creating POSTs (draft-ietf-httpapi-idempotency-key-header): the first
 * answer to a key, replayed to a retry with the same request, for `IDEMPOTENCY_KEY_HOURS`. A row without a
 * status is a request still in flight, or one whose process stopped (`portal/idempotency.ts`).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    response: text("response"),
    /**
     * Set inside the request's write transaction: its write committed. A stale claim without it was never
     * carried out and may run again; one with it was, and only its answer is missing.
     */
    writtenAt: instant("written_at"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
