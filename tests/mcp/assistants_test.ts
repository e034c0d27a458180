/**
 * What real assistants ran into, each reproduced against a running server: a retried commit after the daily
 * write limit, a rate-limited document read, the endpoint with a trailing slash, and a cursor that is not
 * ours.
 */
import assert from "node:assert/strict";
import { E2E, ok, refusal, startMcpServer } from "./_harness.ts";

Deno.test({
  name: "assistants: after 20 writes a retried commit still replays its first result (contract, States)",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const c = await s.client(g.token);
      const p = ok<{ previewId: string }>(
        await c.callTool({
          name: "prepare_time_entry",
          arguments: { date: "2026-11-14", start_time: "08:00", end_time: "09:00" },
        }),
      );
      const first = ok(
        await c.callTool({ name: "commit_time_entry", arguments: { previewId: p.previewId } }),
      );
      for (let i = 0; i < 19; i++) {
        refusal(await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: `nope-${i}` } }));
      }
      const limited = refusal(
        await c.callTool({ name: "cancel_sick_report", arguments: { sick_leave_id: "x" } }),
      );
      assert.match(limited, /Tageslimite für Eingaben erreicht/);
      const again = await c.callTool({ name: "commit_time_entry", arguments: { previewId: p.previewId } });
      assert.deepEqual(ok(again), first);
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "assistants: a rate-limited resources/read gets the tools' refusal, as a server error, not -32600",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const c = await s.client(g.token);
      for (let i = 0; i < 60; i++) ok(await c.callTool({ name: "whoami", arguments: {} }));
      const r = await s.post({
        jsonrpc: "2.0",
        id: 9,
        method: "resources/read",
        params: { uri: "service://documents/vacation-policy" },
      }, { token: g.token });
      const body = await r.json();
      assert.equal(body.error.code, -32029);
      assert.match(body.error.message, /60 Aufrufe pro Minute/);
      const tool = refusal(await c.callTool({ name: "whoami", arguments: {} }));
      assert.equal(body.error.message, tool, "the same words as a tool's refusal");
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "assistants: /api/mcp/ with a trailing slash is the same endpoint",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
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
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "assistants: a cursor that is not ours is invalid params (-32602) on every list",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
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
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "assistants: prompts are titled in the person's language; the server announces its icon",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
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
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "assistants: an argument of the wrong type is named as such, not as missing",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const c = await s.client((await s.grant("employee")).token);
      const wrong = refusal(
        await c.callTool({
          name: "prepare_time_entry",
          arguments: { date: 20261116, start_time: "08:00", end_time: "09:00" },
        }),
      );
      // The demo employee reads German.
      assert.equal(wrong, "Ungültiges Argument 'date': erwartet string, nicht number.");
      const missing = refusal(
        await c.callTool({
          name: "prepare_time_entry",
          arguments: { start_time: "08:00", end_time: "09:00" },
        }),
      );
      assert.equal(missing, "Das Argument 'date' fehlt.");
    } finally {
      await s.close();
    }
  },
});
