import { ProviderSettings } from '../../assistant';
import { SharingSettings } from '../../sharing';

/** Document settings (desktop panel and the Mobile Document Settings sheet): sharing and the AI Provider Override. */
export function SettingsPanel({ fileId }: { fileId: string }) {
  return (
    <div className="space-y-6">
      <SharingSettings fileId={fileId} />
      <ProviderSettings fileId={fileId} />
    </div>
  );
}
