import { defineConfig } from "drizzle-kit";

/** drizzle-kit writes SQL migrations from the schema; `deno task db:generate` runs it. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/mod.ts",
  out: "./migrations",
});
