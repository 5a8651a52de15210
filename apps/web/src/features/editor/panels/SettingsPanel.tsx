import { ProviderSettings } from '../../assistant';

/** Document settings: the AI Provider Override. */
export function SettingsPanel({ fileId }: { fileId: string }) {
  return (
    <div className="space-y-4">
      <ProviderSettings fileId={fileId} />
    </div>
  );
}
