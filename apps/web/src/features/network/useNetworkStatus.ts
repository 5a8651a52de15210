import { useSyncExternalStore } from 'react';
import { createConnectivityMonitor, headCheck } from './connectivity';
import type { ConnectivityMonitor, NetworkState } from './connectivity';

let shared: ConnectivityMonitor | null = null;

/** One monitor for the whole app, so several components never multiply the HEAD checks. */
function appMonitor(): ConnectivityMonitor {
  shared ??= createConnectivityMonitor({ check: () => headCheck() });
  return shared;
}

/** The current network state (online / offline / stale); checks run while a component uses it. */
export function useNetworkStatus(monitor: ConnectivityMonitor = appMonitor()): NetworkState {
  return useSyncExternalStore(monitor.subscribe, monitor.state, () => 'online');
}
