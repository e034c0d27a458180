import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { deliverDue, enqueueMail, listMail } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import { mailOutbox } from "../../src/db/schema/mod.ts";
import { startSmtp } from "../_smtp.ts";

Deno.test("mail: a queued message is delivered over SMTP and marked SENT", async () => {
  const t = await makeTestApp({ demo: false });
  const smtp = await startSmtp();
  const transport = smtpTransport(smtp.url);
  try {
    const id = await enqueueMail(t.deps.db, t.clock, {
      to: "candidate@example.ch",
      subject: "Einladung zum Gespräch",
      text: "Guten Tag",
      relatedTo: "application:1",
    });
    const r = await deliverDue(t.deps, transport, "HR <hr@demo.example>");
    assert.deepEqual(r, { sent: 1, retried: 0, failed: 0 });
    assert.equal(smtp.received.length, 1);
    assert.deepEqual(smtp.received[0].to, ["candidate@example.ch"]);
    assert.equal(smtp.received[0].from, "hr@demo.example");
    assert.match(smtp.received[0].data, /Subject: =\?UTF-8\?|Subject: Einladung/);
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    assert.equal(row.status, "SENT");
    assert.equal(row.attempts, 1);
    // Nothing is sent twice.
    assert.deepEqual(await deliverDue(t.deps, transport, "hr@demo.example"), {
      sent: 0,
      retried: 0,
      failed: 0,
    });
    assert.equal(smtp.received.length, 1);
  } finally {
    transport.close();
    await smtp.close();
    t.close();
  }
});

Deno.test("mail: a temporary failure is retried with backoff, a permanent one fails for good", async (t) => {
  const app = await makeTestApp({ demo: false });
  try {
    await t.step("4xx: back to the queue, due after the first backoff step", async () => {
      const smtp = await startSmtp({ reject: { code: 451, message: "try later" } });
      const transport = smtpTransport(smtp.url);
      const id = await enqueueMail(app.deps.db, app.clock, { to: "a@example.ch", subject: "s", text: "t" });
      const r = await deliverDue(app.deps, transport, "hr@demo.example");
      assert.equal(r.retried, 1);
      const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      assert.equal(row.status, "QUEUED");
      assert.equal(row.nextAttemptAt, app.clock.now() + 60_000);
      // Not due yet: nothing happens.
      assert.equal((await deliverDue(app.deps, transport, "hr@demo.example")).retried, 0);
      transport.close();
      await smtp.close();
      await app.deps.db.delete(mailOutbox);
    });
    await t.step("5xx: FAILED at once", async () => {
      const smtp = await startSmtp({ reject: { code: 550, message: "no such mailbox" } });
      const transport = smtpTransport(smtp.url);
      const id = await enqueueMail(app.deps.db, app.clock, { to: "b@example.ch", subject: "s", text: "t" });
      const r = await deliverDue(app.deps, transport, "hr@demo.example");
      assert.equal(r.failed, 1);
      const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      assert.equal(row.status, "FAILED");
      assert.match(row.lastError ?? "", /no such mailbox/);
      assert.equal((await listMail(app.deps.db, ["FAILED"])).length, 1);
      transport.close();
      await smtp.close();
      await app.deps.db.delete(mailOutbox);
    });
    // docs/push.md and the outbox's promise: tried again after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then
    // daily, and FAILED for good after 8 attempts (the numbers written here, not read from the code).
    await t.step("after 8 temporary failures: FAILED, each retry on the documented schedule", async () => {
      const smtp = await startSmtp({ reject: { code: 421, message: "busy" } });
      const transport = smtpTransport(smtp.url);
      const id = await enqueueMail(app.deps.db, app.clock, { to: "c@example.ch", subject: "s", text: "t" });
      const minute = 60_000;
      const schedule = [1, 5, 30, 120, 360, 720, 1440].map((m) => m * minute);
      for (let i = 0; i < 7; i++) {
        await deliverDue(app.deps, transport, "hr@demo.example");
        const [waiting] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        assert.equal(waiting.status, "QUEUED", `still queued after ${i + 1} failure(s)`);
        assert.equal(waiting.attempts, i + 1);
        assert.equal(waiting.nextAttemptAt - app.clock.now(), schedule[i], `wait after failure ${i + 1}`);
        app.clock.advance(schedule[i]);
      }
      await deliverDue(app.deps, transport, "hr@demo.example");
      const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      assert.equal(row.status, "FAILED");
      assert.equal(row.attempts, 8);
      transport.close();
      await smtp.close();
    });
  } finally {
    app.close();
  }
});

Deno.test("mail: without a reachable server mail stays queued, and a message stuck in SENDING is recovered", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const id = await enqueueMail(t.deps.db, t.clock, { to: "d@example.ch", subject: "s", text: "t" });
    // Simulate a process that died after claiming the message.
    await t.deps.db.update(mailOutbox).set({ status: "SENDING" }).where(eq(mailOutbox.id, id));
    t.clock.advance(11 * 60_000);
    const smtp = await startSmtp();
    const transport = smtpTransport(smtp.url);
    const r = await deliverDue(t.deps, transport, "hr@demo.example");
    assert.equal(r.sent, 1);
    assert.equal(smtp.received.length, 1);
    transport.close();
    await smtp.close();
  } finally {
    t.close();
  }
});

Deno.test("mail: the background worker delivers queued mail after a kick, and stops", async () => {
  const t = await makeTestApp({ demo: false });
  const smtp = await startSmtp();
  const transport = smtpTransport(smtp.url);
  const { startMailWorker } = await import("../../src/mail/worker.ts");
  const worker = startMailWorker(t.deps, transport, "hr@demo.example", t.log, 60_000);
  try {
    await enqueueMail(t.deps.db, t.clock, { to: "worker@example.ch", subject: "Hello", text: "t" });
    worker.kick();
    // Waits for the message to arrive; two minutes is the bound on a worker that never sends it.
    const until = Date.now() + 120_000;
    while (smtp.received.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    assert.equal(smtp.received.length, 1, "the worker delivered the message to the SMTP server");
    assert.deepEqual(smtp.received[0].to, ["worker@example.ch"]);
  } finally {
    worker.stop();
    transport.close();
    await smtp.close();
    t.close();
  }
});
