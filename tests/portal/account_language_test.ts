/**
 * The language is the account's, not the employee record's: an account without a record (an administrator, a
 * recruiter from outside) sets it too, with `PATCH /auth/session`, and every answer after follows it. The
 * employee profile's `language` stays for an employee, as before.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { addAccount } from "../_people.ts";

Deno.test("account language: an account without an employee record sets its language", async (t) => {
  const app = await makeTestApp();
  try {
    const fr = await addAccount(app, null, { language: "fr", email: "sans.dossier@example.ch" });
    const token = await app.signIn(fr.email);

    await t.step("PATCH /auth/session {language} answers the account in its new language", async () => {
      const r = await app.request("/api/v1/portal/auth/session", {
        method: "PATCH",
        token,
        json: { language: "it" },
      });
      assert.equal(r.status, 200);
      const { data } = await r.json();
      assert.equal(data.user.language, "it");
      assert.equal(data.user.employeeId, null);
      const again = await app.request("/api/v1/portal/auth/session", { token });
      assert.equal((await again.json()).data.user.language, "it");
      const summary = await app.request("/api/v1/portal/employee/summary", { token });
      assert.equal(summary.status, 404);
      assert.equal(
        (await summary.json()).error,
        "A questo account non è collegato alcun fascicolo del personale.",
      );
    });

    await t.step(
      "a language the service does not speak is refused, naming the field, in the reader's",
      async () => {
        const r = await app.request("/api/v1/portal/auth/session", {
          method: "PATCH",
          token,
          json: { language: "rm" },
        });
        assert.equal(r.status, 400);
        const body = await r.json();
        assert.deepEqual(body.fields.map((f: { field: string }) => f.field), ["body.language"]);
        assert.doesNotMatch(body.error, /must/);
      },
    );

    await t.step("an employee's language set here is the one the profile shows", async () => {
      const emp = await app.signIn("employee@demo.example");
      const r = await app.request("/api/v1/portal/auth/session", {
        method: "PATCH",
        token: emp,
        json: { language: "fr" },
      });
      assert.equal(r.status, 200);
      const profile = await app.request("/api/v1/portal/employee/profile", { token: emp });
      assert.equal((await profile.json()).data.language, "fr");
    });
  } finally {
    app.close();
  }
});
