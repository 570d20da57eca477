/**
 * `node dist/healthcheck.js`: the Docker HEALTHCHECK (the image has no curl). Asks this container's
 * /healthz — on METRICS_PORT at METRICS_HOST, or on the webhook PORT when the monitoring port is
 * off — and exits 0 when it answers 200, 1 otherwise, printing the reason Docker shows in `docker inspect`.
 * Reads only the four variables it needs: a full config check is the bot's job at start.
 */
const env = process.env;
const metricsPort = env.METRICS_PORT?.trim() || "9464";
const port =
  metricsPort !== "0"
    ? metricsPort
    : env.BOT_MODE?.trim() === "webhook"
      ? env.PORT?.trim() || "8080"
      : undefined;
/** A port listening on every interface answers on loopback; one bound to a single address only there. */
const listenHost = metricsPort !== "0" ? env.METRICS_HOST?.trim() || "127.0.0.1" : "0.0.0.0";
const everyInterface = listenHost === "0.0.0.0" || listenHost === "::";
const host = everyInterface
  ? "127.0.0.1"
  : listenHost.includes(":")
    ? `[${listenHost}]`
    : listenHost;

if (port === undefined) {
  process.stdout.write("METRICS_PORT=0 in polling mode: no /healthz to ask; reporting healthy\n");
  process.exit(0);
}

try {
  const response = await fetch(`http://${host}:${port}/healthz`, {
    signal: AbortSignal.timeout(4_000),
  });
  process.stdout.write(`${response.status} ${await response.text()}\n`);
  process.exit(response.status === 200 ? 0 : 1);
} catch (error) {
  process.stdout.write(
    `/healthz on ${host}:${port} did not answer: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
