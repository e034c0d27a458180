/**
 * The executable's entry point. A container's health check runs `hr-service healthcheck` every 30 seconds:
 * it is answered here, before the service's modules are loaded, so a check costs a few megabytes and a few
 * milliseconds instead of loading the whole service. Everything else is `src/main.ts`.
 */
import { healthcheck } from "./src/healthcheck.ts";

if (import.meta.main) {
  if (Deno.args[0] === "healthcheck") Deno.exit(await healthcheck(Deno.env.get("PORT")));
  const { main } = await import("./src/main.ts");
  Deno.exit(await main(Deno.args));
}
