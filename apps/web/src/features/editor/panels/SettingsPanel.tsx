import { ProviderSettings } from '../../assistant';

/** Document settings: sharing (a later issue) and the AI Provider Override. */
export function SettingsPanel({ fileId }: { fileId: string }) {
  return (
    <div className="space-y-4">
      <section>
        <h3 className="font-serif text-base font-semibold text-ink">Sharing</h3>
        <p className="text-sm text-muted">Sharing arrives with a later issue.</p>
      </section>
      <ProviderSettings fileId={fileId} />
    </div>
  );
}
