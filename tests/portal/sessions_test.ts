/**
 * Sessions a phone keeps: the device list shows each device's name and when it was last used (and that moves
 * with use), and a refresh exchanges the token for a new one: the session stays, the old token ends, and a
 * refresh whose answer was lost can be retried for a minute.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { addAccount } from "../_people.ts";
import { sessions, users } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";
const EMAIL = "ida@example.ch";
const PASSWORD = "correct horse battery";
const DAY = 86_400_000;

async function signIn(t: TestApp, deviceName: string): Promise<string> {
  const r = await t.request(`${BASE}/auth/sessions`, {
    method: "POST",
    json: { email: EMAIL, password: PASSWORD, deviceName },
  });
  assert.equal(r.status, 201);
  return (await r.json()).data.token;
}

type Session = {
  id: string;
  deviceName: string | null;
  lastUsedAt: string;
  expiresAt: string;
  current: boolean;
};

async function devices(t: TestApp, token: string): Promise<Session[]> {
  const r = await t.request(`${BASE}/auth/sessions`, { token });
  assert.equal(r.status, 200);
  return (await r.json()).data.items;
}

function refresh(t: TestApp, token?: string, headers: Record<string, string> = {}) {
  return t.request(`${BASE}/auth/session/refresh`, { method: "POST", ...(token ? { token } : {}), headers });
}

const status = async (t: TestApp, token: string) => {
  const r = await t.request(`${BASE}/auth/session`, { token });
  await r.body?.cancel();
  return r.status;
};

Deno.test("sessions: the list shows each device's name and last use, and last use moves when the session is used", async (ctx) => {
  const t = await makeTestApp({ demo: false });
  try {
    await addAccount(t, null, { email: EMAIL, password: PASSWORD });
    const signedInAt = new Date(t.clock.now()).toISOString();
    const phone = await signIn(t, "Ida's iPhone");
    const tablet = await signIn(t, "Tablet");
    await ctx.step("both devices, by name, last used when they signed in", async () => {
      const list = await devices(t, phone);
      assert.deepEqual(list.map((s) => [s.deviceName, s.lastUsedAt, s.current]).sort(), [
        ["Ida's iPhone", signedInAt, true],
        ["Tablet", signedInAt, false],
      ]);
    });
    await ctx.step(
      "the tablet used ten minutes later: its last use moves, the list puts it first",
      async () => {
        t.clock.advance(10 * 60_000);
        const usedAt = new Date(t.clock.now()).toISOString();
        assert.equal(await status(t, tablet), 200);
        t.clock.advance(5 * 60_000);
        const list = await devices(t, phone);
        const byName = Object.fromEntries(list.map((s) => [s.deviceName, s]));
        assert.equal(byName["Tablet"].lastUsedAt, usedAt);
        assert.equal(
          byName["Ida's iPhone"].lastUsedAt,
          new Date(t.clock.now()).toISOString(),
          "the list's own call",
        );
        assert.equal(list[0].deviceName, "Ida's iPhone");
        assert.equal(
          byName["Tablet"].expiresAt,
          new Date(Date.parse(usedAt) + 30 * DAY).toISOString(),
          "30 days after the last use",
        );
      },
    );
    await ctx.step("used again within the minute, last use is not written again", async () => {
      assert.equal(await status(t, tablet), 200);
      const usedAt = new Date(t.clock.now()).toISOString();
      t.clock.advance(30_000);
      assert.equal(await status(t, tablet), 200);
      const list = await devices(t, phone);
      assert.equal(list.find((s) => s.deviceName === "Tablet")!.lastUsedAt, usedAt);
    });
  } finally {
    t.close();
  }
});

Deno.test("sessions: a refresh gives a new token for the same session and ends the old one at once", async (ctx) => {
  const t = await makeTestApp({ demo: false });
  try {
    await addAccount(t, null, { email: EMAIL, password: PASSWORD });
    const old = await signIn(t, "Ida's iPhone");
    const [before] = await devices(t, old);
    t.clock.advance(3 * DAY);
    const raw = await refresh(t, old);
    assert.equal(raw.headers.get("cache-control"), "no-store");
    const r = await json(raw);
    assert.equal(r.status, 200);
    const fresh = r.body.data.token as string;
    await ctx.step("a new opaque token, 30 days from now", () => {
      assert.match(fresh, /^hrs_[A-Za-z0-9_-]{43}$/);
      assert.notEqual(fresh, old);
      assert.equal(r.body.data.expiresAt, new Date(t.clock.now() + 30 * DAY).toISOString());
    });
    await ctx.step("the old token is refused on every other request at once", async () => {
      assert.equal(await status(t, old), 401);
      const s = await json(await t.request(`${BASE}/employee/summary`, { token: old }));
      assert.equal(s.status, 401);
    });
    await ctx.step("the new token works; the device list shows the same session, used now", async () => {
      assert.equal(await status(t, fresh), 200);
      const list = await devices(t, fresh);
      assert.equal(list.length, 1);
      assert.equal(list[0].id, before.id);
      assert.equal(list[0].deviceName, "Ida's iPhone");
      assert.equal(list[0].lastUsedAt, new Date(t.clock.now()).toISOString());
      assert.equal(list[0].current, true);
    });
    await ctx.step("only the new token's hash is stored", async () => {
      const rows = await t.deps.db.select().from(sessions);
      const text = JSON.stringify(rows);
      assert.ok(!text.includes(fresh) && !text.includes(old));
    });
    await ctx.step("signed out, the refreshed session ends like any other", async () => {
      assert.equal((await t.request(`${BASE}/auth/session`, { method: "DELETE", token: fresh })).status, 200);
      assert.equal((await refresh(t, fresh)).status, 401);
    });
  } finally {
    t.close();
  }
});

Deno.test("sessions: a refresh whose answer was lost is retried with the old token within a minute; later it is refused", async (ctx) => {
  const t = await makeTestApp({ demo: false });
  try {
    await addAccount(t, null, { email: EMAIL, password: PASSWORD });
    const old = await signIn(t, "Ida's iPhone");
    const lost = (await json(await refresh(t, old))).body.data.token as string;
    let second = "";
    await ctx.step("the retry 50 seconds later gets another token; the lost one ends", async () => {
      t.clock.advance(50_000);
      const r = await json(await refresh(t, old));
      assert.equal(r.status, 200);
      second = r.body.data.token;
      assert.notEqual(second, lost);
      assert.equal(await status(t, lost), 401);
      assert.equal(await status(t, second), 200);
    });
    await ctx.step("the old token still opens nothing else", async () => {
      assert.equal(await status(t, old), 401);
    });
    await ctx.step("a minute after the rotation the old token is refused for a refresh too", async () => {
      t.clock.advance(10_001);
      const raw = await refresh(t, old, { "Accept-Language": "fr-CH" });
      assert.match(raw.headers.get("www-authenticate") ?? "", /^Bearer/);
      const r = await json(raw);
      assert.equal(r.status, 401);
      assert.equal(r.body.code, "unauthenticated");
      assert.equal(r.body.error, "La session a expiré ou a été fermée. Veuillez vous reconnecter.");
      assert.equal(await status(t, second), 200, "the current token is untouched");
    });
    await ctx.step("the current token refreshes as usual and starts a new minute for itself", async () => {
      const r = await json(await refresh(t, second));
      assert.equal(r.status, 200);
      assert.equal(await status(t, r.body.data.token), 200);
    });
  } finally {
    t.close();
  }
});

Deno.test("sessions: a refresh is refused without a live token, and changes nothing", async (ctx) => {
  const t = await makeTestApp({ demo: false });
  try {
    const ida = await addAccount(t, null, { email: EMAIL, password: PASSWORD });
    const token = await signIn(t, "Ida's iPhone");
    const snapshot = () => t.deps.db.select().from(sessions);
    const before = await snapshot();
    await ctx.step("no token: 401 asking to sign in", async () => {
      const r = await json(await refresh(t, undefined, { "Accept-Language": "de" }));
      assert.equal(r.status, 401);
      assert.match(String(r.body.error), /Bitte zuerst anmelden/);
      assert.deepEqual(await snapshot(), before);
    });
    await ctx.step("an unknown token: 401", async () => {
      const r = await refresh(t, "hrs_" + "x".repeat(43));
      assert.equal(r.status, 401);
      assert.deepEqual(await snapshot(), before);
    });
    await ctx.step("an ended session: 401 (30 days unused)", async () => {
      t.clock.advance(30 * DAY + 1000);
      assert.equal((await refresh(t, token)).status, 401);
      assert.deepEqual(await snapshot(), before);
    });
    await ctx.step("a deactivated account: 401", async () => {
      const live = await signIn(t, "Tablet");
      const rows = await snapshot();
      await t.deps.db.update(users).set({ active: false }).where(eq(users.id, ida.userId));
      assert.equal((await refresh(t, live)).status, 401);
      assert.deepEqual(await snapshot(), rows);
    });
  } finally {
    t.close();
  }
});

Deno.test("sessions: refreshed every day, a session still ends a year after the sign-in", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    await addAccount(t, null, { email: EMAIL, password: PASSWORD });
    let token = await signIn(t, "Ida's iPhone");
    const signedIn = t.clock.now();
    for (let day = 20; day <= 360; day += 20) {
      t.clock.advance(20 * DAY);
      const r = await json(await refresh(t, token));
      assert.equal(r.status, 200, `day ${day}`);
      token = r.body.data.token;
      const expected = Math.min(t.clock.now() + 30 * DAY, signedIn + 365 * DAY);
      assert.equal(r.body.data.expiresAt, new Date(expected).toISOString(), `day ${day}`);
    }
    t.clock.advance(6 * DAY);
    assert.equal((await refresh(t, token)).status, 401, "day 366");
  } finally {
    t.close();
  }
});
