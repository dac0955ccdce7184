// A free loopback port: the preferred one when nothing listens on it, otherwise one the OS hands out. Used by the
// benchmarks and by tests that start servers while others run (a fixed port in the ephemeral range, 32768–60999 on
// Linux, can be held at that moment by any client connection on the machine).
import net, { type AddressInfo } from "node:net";

export const HOST = "127.0.0.1";

function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(null));
    server.listen(port, HOST, () => {
      const { port: bound } = server.address() as AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/** `preferred` when nothing listens on it, otherwise any free port the OS hands out. */
export async function freePort(preferred = 0): Promise<number> {
  const port = (await tryListen(preferred)) ?? (await tryListen(0));
  if (port === null) throw new Error(`no loopback port to listen on at ${HOST}`);
  return port;
}
