/** Document settings: sharing and the AI provider arrive with later issues. */
export function SettingsPanel() {
  return (
    <div className="space-y-4">
      <section>
        <h3 className="font-serif text-base font-semibold text-ink">Sharing</h3>
        <p className="text-sm text-muted">Sharing arrives with a later issue.</p>
      </section>
      <section>
        <h3 className="font-serif text-base font-semibold text-ink">AI provider</h3>
        <p className="text-sm text-muted">The AI provider settings arrive with a later issue.</p>
      </section>
    </div>
  );
}
