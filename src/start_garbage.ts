/**
 * One full garbage collection once the service's start is over (migrations, the demo organisation, the app's
 * modules). V8 collects the young generation often but leaves the old one, and the
 * pages the start's garbage took, until its heap grows again; an idle service would hold them for good. Asked
 * for once, they go back to the system: measured with `deno task bench --only=memory`, about 18 MB resident
 * less after a restart (docs/performance.md, "Idle memory").
 *
 * V8 only offers the collection to scripts with `--expose-gc`. That flag changes nothing else (no collection
 * runs more or less often than without it), so it is set here, at run time, rather than on the command line
 * of every way the service is started (`deno task start`, the container, the compiled executable). The
 * function it exposes exists only in contexts created after the flag is set: a new one is made to fetch it.
 */

let collect: (() => void) | null | undefined;

/**
 * Runs one full, blocking garbage collection (tens of milliseconds for the service's heap); false, and nothing
 * done, when V8 refuses the flag. Meant for moments without requests, never on a request's path.
 */
export async function collectGarbage(): Promise<boolean> {
  if (collect === undefined) {
    try {
      const { setFlagsFromString } = await import("node:v8");
      const { runInNewContext } = await import("node:vm");
      setFlagsFromString("--expose-gc");
      const gc = runInNewContext("gc");
      collect = typeof gc === "function" ? gc as () => void : null;
    } catch {
      collect = null;
    }
  }
  if (!collect) return false;
  collect();
  return true;
}
