import assert from "node:assert/strict";
import { loadOnFirstUse } from "../src/first_use.ts";

const info = { remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 1 } } as Deno.ServeHandlerInfo;

Deno.test("first use: health checks load nothing; the first other request loads once, and every request is served", async () => {
  let loads = 0;
  const served: string[] = [];
  const handler = loadOnFirstUse((req) => {
    served.push(new URL(req.url).pathname);
    return new Response("ok");
  }, () => loads++);
  for (
    const url of ["http://127.0.0.1:8000/healthz", "http://127.0.0.1:8000/readyz", "http://h/healthz?x=1"]
  ) {
    assert.equal((await handler(new Request(url), info)).status, 200);
  }
  assert.equal(loads, 0, "health checks alone load nothing");
  await handler(new Request("http://127.0.0.1:8000/healthzx"), info);
  assert.equal(loads, 1, "a path that only starts like a health check is a use");
  await handler(new Request("http://127.0.0.1:8000/api/mcp", { method: "POST" }), info);
  await handler(new Request("http://127.0.0.1:8000/"), info);
  assert.equal(loads, 1, "loaded once");
  assert.deepEqual(served, ["/healthz", "/readyz", "/healthz", "/healthzx", "/api/mcp", "/"]);
});

Deno.test("first use: the first request of another kind (a page, the API) loads", async () => {
  for (const url of ["http://h/", "http://h/api/v1/me", "http://h/.well-known/oauth-protected-resource"]) {
    let loads = 0;
    const handler = loadOnFirstUse(() => new Response("ok"), () => loads++);
    await handler(new Request("http://h/healthz"), info);
    await handler(new Request(url), info);
    assert.equal(loads, 1, url);
  }
});
