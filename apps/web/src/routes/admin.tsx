import { Route, Switch } from 'wouter';
import { getCurrentTenant } from '../features/tenancy';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import {
  AdminShell,
  AuditLogSection,
  DashboardSection,
  FeedbackSection,
  MetricsSection,
  NotAllowed,
  PublishingSection,
  UsageSection,
  useAccess,
} from '../features/admin';
import { LoadingScreen, PageHeader } from '../ui';

/**
 * /admin and its sections (protected). The server says who is an administrator (verified addresses
 * in ADMIN_EMAILS) and who may publish (PUBLISHING_TENANT); everyone else gets the not-allowed page.
 */
export default function AdminRoute() {
  useDocumentTitle('Admin portal');
  const access = useAccess();
  if (access.isPending) return <LoadingScreen label="Loading" />;
  if (access.isError) {
    return (
      <main className="mx-auto max-w-lg px-4 py-24">
        <PageHeader title="Admin portal" description="This page could not be loaded. Check your connection and try again." />
      </main>
    );
  }
  if (!access.data.isAdmin) return <NotAllowed />;
  return (
    <AdminShell tenantId={getCurrentTenant()}>
      {/* Full paths, not a nested base: the sidebar's links are absolute (sectionHref). Anything else shows the dashboard. */}
      <Switch>
        <Route path="/admin/usage">
          <UsageSection />
        </Route>
        <Route path="/admin/publishing">
          <PublishingSection canPublish={access.data.canPublish} publishingTenantSet={access.data.publishingTenantSet} tenantId={getCurrentTenant()} />
        </Route>
        <Route path="/admin/metrics">
          <MetricsSection />
        </Route>
        <Route path="/admin/feedback">
          <FeedbackSection />
        </Route>
        <Route path="/admin/audit">
          <AuditLogSection />
        </Route>
        <Route>
          <DashboardSection />
        </Route>
      </Switch>
    </AdminShell>
  );
}
