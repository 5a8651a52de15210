export { AppErrorBoundary, RouteErrorBoundary } from './AppErrorBoundary';
export { ErrorScreen } from './ErrorScreen';
export { buildErrorReport, errorMessage, installGlobalErrorLogging } from './errorReport';
