import net from 'node:net';
import { StartupError } from './startup-error';

/** A start refused because its port is taken: said in one line, naming PORT, without a stack. */
export class PortInUseError extends StartupError {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(`Bree cannot start: PORT ${port} is in use on ${host}; stop the program using it or set PORT to a free port.`);
    this.name = 'PortInUseError';
  }
}

/**
 * Binds `host:port` for a moment and lets it go, so a start whose port is taken ends before it opens
 * the database (the listener itself opens only once the app is built). Throws {@link PortInUseError}
 * for a taken port, and a {@link StartupError} naming PORT or HOST for a port this user may not bind
 * or a HOST that is no address of this machine; other failures are the listener's to report.
 */
export async function checkPortFree({ port, host }: { port: number; host: string }): Promise<void> {
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port, host, exclusive: true }, resolve);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new PortInUseError(port, host);
    if (code === 'EACCES') {
      throw new StartupError(`Bree cannot start: PORT ${port} needs privileges this process does not have; set PORT to 1024 or above.`, { cause: error });
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      throw new StartupError(`Bree cannot start: HOST ${host} is not an address of this machine; set HOST to 0.0.0.0 or one of its addresses.`, {
        cause: error,
      });
    }
    return;
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
