import { Route, Routes } from 'react-router';
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
      <Routes>
        <Route index element={<DashboardSection />} />
        <Route path="usage" element={<UsageSection />} />
        <Route
          path="publishing"
          element={
            <PublishingSection canPublish={access.data.canPublish} publishingTenantSet={access.data.publishingTenantSet} tenantId={getCurrentTenant()} />
          }
        />
        <Route path="metrics" element={<MetricsSection />} />
        <Route path="feedback" element={<FeedbackSection />} />
        <Route path="audit" element={<AuditLogSection />} />
        <Route path="*" element={<DashboardSection />} />
      </Routes>
    </AdminShell>
  );
}
