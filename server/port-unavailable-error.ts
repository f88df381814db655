/** The port could not be bound; nothing else was opened. */
export class PortUnavailableError extends Error {
  readonly port: number;
  readonly code: string | undefined;
  constructor(port: number, cause: NodeJS.ErrnoException) {
    super(cause.code === 'EADDRINUSE' ? `Port ${port} is already in use` : `Port ${port} cannot be used: ${cause.message}`, { cause });
    this.name = 'PortUnavailableError';
    this.port = port;
    this.code = cause.code;
  }
}
