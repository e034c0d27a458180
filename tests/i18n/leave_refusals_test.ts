/**
 * The leave area's refusals reach a person in their own language, at the portal and at the connector: an
 * unknown leave type, an end before the start, someone else's (or no) leave request, and the approvals an
 * employee may not see. A refusal about an input names its field where the caller sent it (`body.endDate`),
 * so an app shows the text beside the field instead of parsing English.
 */
import assert from "node:assert/strict";
import { json, makeTestApp } from "../_helpers.ts";
import { E2E, refusal, startMcpServer } from "../mcp/_harness.ts";

const BASE = "/api/v1/portal";

/** What each refusal says, per language, exactly. */
const EXPECTED = {
  de: {
    unknownType: "Die Abwesenheitsart «SABBATICAL» gibt es nicht; möglich sind: ",
    endBeforeStart: "Das Enddatum darf nicht vor dem Startdatum liegen.",
    noSuchRequest: "Sie haben kein Abwesenheitsgesuch mit dieser ID.",
    notApprover: "Nur Vorgesetzte und HR entscheiden Gesuche; Ihre Rolle umfasst keine Bewilligungen.",
    toBeforeFrom: "«to» darf nicht vor «from» liegen.",
  },
  fr: {
    unknownType: "Le type d'absence « SABBATICAL » n'existe pas ; les types possibles sont : ",
    endBeforeStart: "La date de fin ne peut pas précéder la date de début.",
    noSuchRequest: "Vous n'avez aucune demande d'absence avec cet identifiant.",
    notApprover:
      "Seuls les responsables et les RH décident des demandes ; votre rôle ne comprend pas les approbations.",
    toBeforeFrom: "« to » ne peut pas précéder « from ».",
  },
  it: {
    unknownType: "Il tipo di assenza «SABBATICAL» non esiste; quelli possibili sono: ",
    endBeforeStart: "La data di fine non può precedere la data di inizio.",
    noSuchRequest: "Non ha alcuna richiesta di assenza con questo identificativo.",
    notApprover:
      "Solo i responsabili e le risorse umane decidono le richieste; il suo ruolo non comprende le approvazioni.",
    toBeforeFrom: "«to» non può precedere «from».",
  },
  en: {
    unknownType: "Invalid field 'leaveType': must be one of ",
    endBeforeStart: "Invalid field 'endDate': must not be before startDate.",
    noSuchRequest: "You have no leave request with this id.",
    notApprover: "Only managers and HR decide requests; your role does not include approvals.",
    toBeforeFrom: "Invalid field 'to': must not be before 'from'.",
  },
} as const;

Deno.test("leave refusals: the portal says them in the account's language, naming the field", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const call = async (method: string, path: string, body?: unknown) =>
      await json(
        await app.request(BASE + path, { method, token, ...(body !== undefined ? { json: body } : {}) }),
      );
    const fieldsOf = (body: Record<string, unknown>) =>
      (body.fields as { field: string; message: string }[] | undefined)?.map((f) => f.field);

    for (const lang of ["de", "fr", "it", "en"] as const) {
      await t.step(lang, async () => {
        const e = EXPECTED[lang];
        assert.equal((await call("PATCH", "/employee/profile", { language: lang })).status, 200);

        for (const path of ["/employee/leave/requests/preview", "/employee/leave/requests"]) {
          const unknown = await call("POST", path, {
            leaveType: "SABBATICAL",
            startDate: "2027-03-08",
            endDate: "2027-03-09",
          });
          assert.equal(unknown.status, 400, JSON.stringify(unknown.body));
          assert.equal(unknown.body.code, "validation");
          const text = String(unknown.body.error);
          assert.ok(text.startsWith(e.unknownType), text);
          // The types one may choose are named, whatever the language.
          assert.match(text, /VACATION/);
          assert.deepEqual(fieldsOf(unknown.body), ["body.leaveType"]);
          assert.deepEqual(unknown.body.fields, [{ field: "body.leaveType", message: text }]);

          const backwards = await call("POST", path, {
            leaveType: "VACATION",
            startDate: "2027-03-10",
            endDate: "2027-03-08",
          });
          assert.equal(backwards.status, 400, JSON.stringify(backwards.body));
          assert.equal(backwards.body.error, e.endBeforeStart);
          assert.deepEqual(fieldsOf(backwards.body), ["body.endDate"]);
        }

        for (
          const [method, path] of [["GET", "/employee/leave/requests/nope"], [
            "POST",
            "/employee/leave/requests/nope/withdraw",
          ]]
        ) {
          const missing = await call(method, path);
          assert.equal(missing.status, 404, `${method} ${path}`);
          assert.equal(missing.body.error, e.noSuchRequest);
          assert.equal(missing.body.fields, undefined, "a record, not an input");
        }

        const approvals = await call("GET", "/approvals/leave-requests");
        assert.equal(approvals.status, 403, JSON.stringify(approvals.body));
        assert.equal(approvals.body.code, "forbidden");
        assert.equal(approvals.body.error, e.notApprover);

        const list = await call("GET", "/employee/leave/requests?from=2027-03-10&to=2027-03-01");
        assert.equal(list.status, 400, JSON.stringify(list.body));
        assert.equal(list.body.error, e.toBeforeFrom);
        assert.deepEqual(fieldsOf(list.body), ["query.to"]);
      });
    }
  } finally {
    app.close();
  }
});

Deno.test({
  name: "leave refusals: the connector says them in the person's language",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      // The demo employee's account reads German.
      const c = await s.client((await s.grant("employee")).token);
      const backwards = refusal(
        await c.callTool({
          name: "prepare_leave_request",
          arguments: { leave_type: "VACATION", start_date: "2027-03-10", end_date: "2027-03-08" },
        }),
      );
      assert.equal(backwards, "Das Enddatum darf nicht vor dem Startdatum liegen.");
      const unknown = refusal(
        await c.callTool({
          name: "prepare_leave_request",
          arguments: { leave_type: "SABBATICAL", start_date: "2027-03-08", end_date: "2027-03-09" },
        }),
      );
      assert.match(unknown, /^Die Abwesenheitsart «SABBATICAL» gibt es nicht; möglich sind: .*VACATION/);
      const missing = refusal(
        await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: "nope" } }),
      );
      assert.equal(missing, "Sie haben kein Abwesenheitsgesuch mit dieser ID.");
    } finally {
      await s.close();
    }
  },
});
