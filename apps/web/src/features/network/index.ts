export { NetworkPill } from './NetworkPill';
export { useNetworkStatus } from './useNetworkStatus';
export { createConnectivityMonitor, deriveNetworkState, headCheck } from './connectivity';
export type { CheckResult, ConnectivityMonitor, NetworkState } from './connectivity';
