import net from 'node:net';

/**
 * A TCP relay between the app and its PostgreSQL server, so that a test can take the database
 * away from the app alone (the server on 5432 is shared with other test files and is never
 * restarted): `refuse()` resets every connection attempt, as a stopped server's closed port
 * does, until `resume()`; `cut()` drops every open connection at once.
 */
export interface TcpProxy {
  /** The port the app connects to, on 127.0.0.1. */
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Connections open through the proxy. */
  open(): number;
  refuse(): void;
  resume(): void;
  cut(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  let refusing = false;

  const proxy = net.createServer((client) => {
    if (refusing) {
      client.resetAndDestroy();
      return;
    }
    const server = net.connect(target);
    const pair = { client, server };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
    client.pipe(server);
    server.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (typeof address !== 'object' || !address) throw new Error('proxy without a port');
  const port = address.port;

  const cut = () => {
    for (const { client, server } of pairs) {
      client.resetAndDestroy();
      server.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    open: () => pairs.size,
    refuse() {
      refusing = true;
    },
    resume() {
      refusing = false;
    },
    cut,
    close() {
      cut();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
