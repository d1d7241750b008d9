// Waiting for a server the bench started, and stopping it as a supervisor does.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers anything but a 5xx (a minute at most). */
export async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

/** SIGTERM, then up to 30 s for the process to drain and exit. */
export async function stop(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(30_000)]);
}
