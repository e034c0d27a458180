/**
 * Regenerates `src/mcp/catalog.json` from the tool definitions (`deno task mcp:catalog`). The catalog is
 * never edited by hand: tests/mcp/catalog_test.ts fails when the committed file and the definitions (and
 * so `tools/list`) disagree. `--check` only compares and exits 1 when the file is stale.
 */
import { TOOLS } from "../src/mcp/registry.ts";
import { catalogText } from "../src/mcp/catalog.ts";

const path = new URL("../src/mcp/catalog.json", import.meta.url);
const text = catalogText(TOOLS);

if (Deno.args.includes("--check")) {
  let current = "";
  try {
    current = await Deno.readTextFile(path);
  } catch {
    // missing counts as stale
  }
  if (current !== text) {
    console.error("src/mcp/catalog.json is stale: run `deno task mcp:catalog` and commit it.");
    Deno.exit(1);
  }
  console.log(`src/mcp/catalog.json is up to date (${TOOLS.length} tools).`);
} else {
  await Deno.writeTextFile(path, text);
  console.log(`Wrote src/mcp/catalog.json: ${TOOLS.length} tools, 1 resource template, 2 prompts.`);
}
