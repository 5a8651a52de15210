import { SEARCH_LANGUAGES, type SearchLanguage } from '@bree/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { fetchSearchSettings, saveSearchSettings, searchKeys } from './api';

/** How each search language is named in the select: 'simple' keeps words as written, for any language. */
function languageLabel(language: SearchLanguage): string {
  return language === 'simple' ? 'Any language' : language.charAt(0).toUpperCase() + language.slice(1);
}

/**
 * The language the writer's documents are searched in: 'Any language' matches words as written;
 * a language also finds other forms of a word ("harbours" for "harbour"). Changing it indexes the
 * documents again, then the open search runs again (`onChanged`).
 */
export function SearchLanguageSelect({ tenantId, onChanged }: { tenantId: string; onChanged(): void }) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useQuery({ queryKey: searchKeys.settings(tenantId), queryFn: ({ signal }) => fetchSearchSettings(api, signal), retry: false });
  const save = useMutation({
    mutationFn: (language: SearchLanguage) => saveSearchSettings(api, { language }),
    onSuccess: (saved) => {
      queryClient.setQueryData(searchKeys.settings(tenantId), saved);
      onChanged();
    },
    onError: () => notify.error('The search language could not be changed. Please try again.'),
  });
  if (!settings.data) return null;
  return (
    <span className="inline-flex items-center gap-2 text-sm text-ink-soft">
      <label htmlFor={id}>Language</label>
      <select
        id={id}
        value={save.isPending && save.variables ? save.variables : settings.data.language}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value as SearchLanguage)}
        className="h-8 rounded-md border border-line bg-surface px-2 text-sm text-ink"
      >
        {SEARCH_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {languageLabel(language)}
          </option>
        ))}
      </select>
    </span>
  );
}
