/**
 * What real assistants ran into, each reproduced against a running server: a retried commit after the daily
 * write limit, a rate-limited document read, the endpoint with a trailing slash, and a cursor that is not
 * ours.
 */
import assert from "node:assert/strict";
import { ok, refusal } from "./_harness.ts";
import { call, connect, prepareHour, refusedWrites, serverTest } from "./_e2e.ts";

serverTest(
  "assistants: after 20 writes a retried commit still replays its first result (contract, States)",
  async (s) => {
    const { c } = await connect(s, "employee");
    const p = ok<{ previewId: string }>(await prepareHour(c));
    const first = ok(await call(c, "commit_time_entry", { previewId: p.previewId }));
    await refusedWrites(c, 19);
    const limited = refusal(await call(c, "cancel_sick_report", { sick_leave_id: "x" }));
    assert.match(limited, /Tageslimite für Eingaben erreicht/);
    const again = await call(c, "commit_time_entry", { previewId: p.previewId });
    assert.deepEqual(ok(again), first);
  },
);

serverTest(
  "assistants: a rate-limited resources/read gets the tools' refusal, as a server error, not -32600",
  async (s) => {
    const { g, c } = await connect(s, "employee");
    for (let i = 0; i < 60; i++) ok(await call(c, "whoami"));
    const r = await s.post({
      jsonrpc: "2.0",
      id: 9,
      method: "resources/read",
      params: { uri: "service://documents/vacation-policy" },
    }, { token: g.token });
    const body = await r.json();
    assert.equal(body.error.code, -32029);
    assert.match(body.error.message, /60 Aufrufe pro Minute/);
    const tool = refusal(await call(c, "whoami"));
    assert.equal(body.error.message, tool, "the same words as a tool's refusal");
  },
);

serverTest("assistants: /api/mcp/ with a trailing slash is the same endpoint", async (s) => {
  const g = await s.grant("employee");
  const r = await fetch(`${s.origin}/api/mcp/`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${g.token}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-11-25",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  assert.equal(r.status, 200);
  assert.equal((await r.json()).result.tools.length, 36);
  const get = await fetch(`${s.origin}/api/mcp/`);
  assert.equal(get.status, 405);
  await get.body?.cancel();
  const anon = await fetch(`${s.origin}/api/mcp/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  assert.equal(anon.status, 401);
  await anon.body?.cancel();
});

serverTest("assistants: a cursor that is not ours is invalid params (-32602) on every list", async (s, t) => {
  const g = await s.grant("hr");
  for (const method of ["tools/list", "prompts/list", "resources/list", "resources/templates/list"]) {
    await t.step(method, async () => {
      const r = await s.post({ jsonrpc: "2.0", id: 3, method, params: { cursor: "not-a-cursor" } }, {
        token: g.token,
      });
      const body = await r.json();
      assert.equal(body.error?.code, -32602, JSON.stringify(body).slice(0, 200));
    });
  }
  await t.step("without a cursor the lists answer", async () => {
    const r = await s.post({ jsonrpc: "2.0", id: 4, method: "prompts/list" }, { token: g.token });
    assert.ok((await r.json()).result.prompts.length > 0);
  });
});

serverTest(
  "assistants: prompts are titled in the person's language; the server announces its icon",
  async (s) => {
    // The demo HR person reads French, the demo manager English.
    const hr = await s.client((await s.grant("hr")).token);
    const prompts = (await hr.listPrompts()).prompts;
    const briefing = prompts.find((p) => p.name === "weekly_hr_briefing")!;
    assert.equal(briefing.title, "Briefing RH hebdomadaire");
    assert.match(briefing.description!, /jamais un classement/);
    const manager = await s.client((await s.grant("manager")).token);
    const oneOnOne = (await manager.listPrompts()).prompts.find((p) => p.name === "prepare_1on1")!;
    assert.equal(oneOnOne.title, "Prepare a one-to-one");
    const got = await hr.getPrompt({ name: "prepare_1on1", arguments: { person: "Lukas" } });
    assert.match(got.description!, /entretien individuel/);
    const info = hr.getServerVersion()!;
    const icon = (info as { icons?: { src: string; mimeType: string }[] }).icons![0];
    assert.equal(icon.src, `${s.origin}/icon.svg`);
    const svg = await fetch(icon.src);
    assert.equal(svg.headers.get("content-type"), icon.mimeType);
    assert.match(await svg.text(), /^<svg /);
  },
);

serverTest("assistants: an argument of the wrong type is named as such, not as missing", async (s) => {
  const { c } = await connect(s, "employee");
  const wrong = refusal(
    await call(c, "prepare_time_entry", { date: 20261116, start_time: "08:00", end_time: "09:00" }),
  );
  // The demo employee reads German.
  assert.equal(wrong, "Ungültiges Argument 'date': erwartet Text, nicht Zahl.");
  const missing = refusal(await call(c, "prepare_time_entry", { start_time: "08:00", end_time: "09:00" }));
  assert.equal(missing, "Das Argument 'date' fehlt.");
});
