/**
 * Asks the open editor to show its 'Ask AI' prompt at the cursor. The '/' menu, the phone's
 * button and the keyboard (Ctrl/Cmd+J, Space on an empty line) all come through here, so the
 * prompt has one owner however it is asked for (docs/ASSISTANT.md "Ask AI").
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Opens the Ask AI prompt in the editor that is listening (the open document's). */
export function requestAskAi(): void {
  for (const listener of listeners) listener();
}

/** Called by the editor that owns the prompt; returns the function that stops listening. */
export function onAskAiRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
