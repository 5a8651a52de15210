/**
 * A start refused for a reason the operator fixes (a setting, a busy port, a data directory): its
 * message is the one line Bree prints, naming the variable to change (docs/DEPLOY.md, 'When Bree
 * does not start'). What caused it, if anything, is the `cause`, printed only at LOG_LEVEL=debug.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}
