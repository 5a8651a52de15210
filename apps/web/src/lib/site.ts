/** Hosts where the internal /api-test page is available (docs/PRODUCT.md#startup). */
export const LOCAL_DEV_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/** True on a developer's own machine. */
export function isLocalDevHost(hostname: string): boolean {
  return LOCAL_DEV_HOSTS.includes(hostname);
}
