/**
 * `hr-service healthcheck`: exit 0 when the local service answers `/healthz`, 1 when it does not, 2 when
 * `PORT` is not a port. Imports nothing, so the check does not load the service.
 */
export async function healthcheck(portText: string | undefined): Promise<number> {
  const port = portText === undefined || portText === "" ? 8000 : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`PORT must be a port number from 1 to 65535, got "${portText}".`);
    return 2;
  }
  try {
    const r = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2500) });
    await r.body?.cancel();
    return r.ok ? 0 : 1;
  } catch {
    return 1;
  }
}
