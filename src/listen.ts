/**
 * Whether the service can listen where it is told to (HOST and PORT), said in one line an operator can act
 * on. Imports nothing: the executable's entry point uses it without loading the service.
 */

/** The exit code of a start that cannot listen (the operator's guide's table, docs/operations.md). */
export const EXIT_CANNOT_LISTEN = 7;

/** The line for an error of opening `host:port`, or null when the error is not about listening there. */
export function listenProblem(e: unknown, host: string, port: number): string | null {
  const why = (e as Error)?.message ?? String(e);
  if (e instanceof Deno.errors.AddrInUse) {
    return `port ${port} is already in use on ${host}: ${why}. Stop the program that holds it, or set PORT ` +
      "to a free port.";
  }
  if (e instanceof Deno.errors.AddrNotAvailable) {
    return `${host} is not an address of this machine, so port ${port} cannot be opened on it: ${why}. ` +
      "Set HOST to one of its addresses, or to 0.0.0.0 for all of them.";
  }
  if (e instanceof Deno.errors.PermissionDenied) {
    return `port ${port} on ${host} may not be opened by this account: ${why}. Use a port from 1024 up ` +
      "(behind the reverse proxy), or grant the executable the right to open low ports.";
  }
  return null;
}

/**
 * Opens and closes `host:port` at once: a start that cannot listen is refused before the database is opened,
 * migrated or seeded. Null when the port can be opened.
 */
export function checkListen(host: string, port: number): string | null {
  try {
    Deno.listen({ hostname: host, port }).close();
    return null;
  } catch (e) {
    const problem = listenProblem(e, host, port);
    if (problem) return problem;
    throw e;
  }
}
