import net from 'node:net';

/** A start refused because its port is taken: said in one line, without a stack. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(`Bree cannot start: port ${port} on ${host} is in use.`);
    this.name = 'PortInUseError';
  }
}

/**
 * Binds `host:port` for a moment and lets it go, so a start whose port is taken ends before it opens
 * the database (the listener itself opens only once the app is built). Throws {@link PortInUseError}
 * for a taken port; other failures (an unknown host, a port below 1024) are the listener's to report.
 */
export async function checkPortFree({ port, host }: { port: number; host: string }): Promise<void> {
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port, host, exclusive: true }, resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(port, host);
    return;
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
