/**
 * Every list answers `items` and `nextCursor`, as docs/portal.md says: the one-page lists (documents,
 * policies, push devices, leave types, who is away) too, so an app reads every list with one envelope.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";

type Schema = { $ref?: string; properties?: Record<string, Schema>; type?: string };

Deno.test("list envelope: the one-page lists answer items and nextCursor null", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    for (
      const path of [
        "/employee/documents",
        "/employee/policies",
        "/employee/push-devices",
        "/employee/leave/types",
        "/employee/team/absences",
      ]
    ) {
      await t.step(path, async () => {
        const r = await app.request(`${BASE}${path}`, { token });
        assert.equal(r.status, 200);
        const data = (await r.json()).data;
        assert.ok(Array.isArray(data.items), `${path}: items`);
        assert.equal(data.nextCursor, null, `${path}: nextCursor`);
        if (path === "/employee/team/absences") {
          assert.deepEqual(data.items, data.absences, "kept for old apps");
        }
      });
    }
    await t.step("the document: every answer with an items list has nextCursor", async () => {
      const doc = await (await app.request("/api/v1/openapi.json")).json();
      const resolve = (s: Schema): Schema =>
        s.$ref ? resolve(doc.components.schemas[s.$ref.replace("#/components/schemas/", "")]) : s;
      const without: string[] = [];
      for (
        const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Schema & object>>)
      ) {
        const get =
          (ops as Record<string, { responses: Record<string, { content?: Record<string, Schema> }> }>)
            .get;
        const schema = get?.responses["200"]?.content?.["application/json"];
        if (!schema) continue;
        const data = resolve(resolve((schema as { schema: Schema }).schema).properties?.data ?? {});
        const props = data.properties ?? {};
        if (props.items && resolve(props.items).type === "array" && !props.nextCursor) without.push(path);
      }
      assert.deepEqual(without, []);
    });
  } finally {
    app.close();
  }
});
