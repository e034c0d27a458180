/** What the timer's tests share: a call to the running timer's routes, a refusal's field, the person's language. */
import { eq } from "drizzle-orm";
import { users } from "../../src/db/schema/mod.ts";
import type { TestApp } from "../_helpers.ts";

/** The demo employee whose timer the tests run. */
export const EMAIL = "employee@demo.example";

/** `method` on `/api/v1/portal/employee/timer<path>`, with `body` as JSON when given. */
export function call(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return t.request(`/api/v1/portal/employee/timer${path}`, {
    method,
    token,
    ...(body === undefined ? {} : { json: body }),
  });
}

/** The first field a refusal names. */
export function fieldOf(body: Record<string, unknown>): string | undefined {
  return (body.fields as { field: string }[] | undefined)?.[0]?.field;
}

/** The demo employee reads the service in `language` from now on. */
export async function speaks(t: TestApp, language: string) {
  await t.deps.db.update(users).set({ language }).where(eq(users.email, EMAIL));
}
