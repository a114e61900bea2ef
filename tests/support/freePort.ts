import fs from 'node:fs';
import net from 'node:net';

/**
 * The first port the kernel hands out to outgoing connections (ip_local_port_range). A server a
 * test starts takes seconds to listen; a port from below this range is never picked meanwhile
 * as the local end of some connection (the browser's, or the test's own polling, which could
 * even connect to itself on a port nothing listens on yet).
 */
function ephemeralFloor(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > 11_000) return low;
  } catch {
    // not Linux: the IANA dynamic range starts here
  }
  return 49_152;
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port nothing listens on right now, outside the kernel's range for outgoing connections, for a server a test starts. */
export async function freePort(): Promise<number> {
  const floor = ephemeralFloor();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (floor - 10_000));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between 10000 and ${floor}`);
}
