import { useLocation } from 'wouter';
import { useServices } from '../../app/services';
import { usePageAnalytics } from './usePageAnalytics';

/** Page analytics inside the app's router: every route change is a page view. */
export function useAnalytics(): void {
  const { config } = useServices();
  usePageAnalytics(config.analytics, useLocation()[0]);
}
