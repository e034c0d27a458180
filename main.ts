/**
 * The executable's entry point. A container's health check runs `hr-service healthcheck` every 30 seconds:
 * it is answered here, before the service's modules are loaded, so a check costs a few megabytes and a few
 * milliseconds instead of loading the whole service. Everything else is `src/main.ts`.
 */
import { healthcheck } from "./src/healthcheck.ts";
import { EXIT_CANNOT_LISTEN, listenProblem } from "./src/listen.ts";

if (import.meta.main) {
  if (Deno.args[0] === "healthcheck") Deno.exit(await healthcheck(Deno.env.get("PORT")));
  if (Deno.args[0] === "demo") {
    // What a first start runs in a process of its own (src/demo/at_start.ts): without the service's modules.
    const [{ runDemoCommand }, { stdio }] = await Promise.all([
      import("./src/demo/command.ts"),
      import("./src/stdio.ts"),
    ]);
    Deno.exit(await runDemoCommand(Deno.env.toObject(), stdio));
  }
  const { main } = await import("./src/main.ts");
  let code;
  try {
    code = await main(Deno.args);
  } catch (e) {
    // `serve` checks the port before it opens the database; another program may still take it in the
    // seconds the migrations and the demo take. The settings were valid, so they are read as they were.
    const problem = listenProblem(e, Deno.env.get("HOST") ?? "0.0.0.0", Number(Deno.env.get("PORT") || 8000));
    if (!problem) throw e;
    console.error(problem);
    code = EXIT_CANNOT_LISTEN;
  }
  Deno.exit(code);
}
