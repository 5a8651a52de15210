import type { Database } from '../../db/db';

/** The installation's AI switch as stored (ai-switch.table.ts). */
export interface AiSwitchState {
  assistantOff: boolean;
  premiumOff: boolean;
  dictationOff: boolean;
}

/** Everything on: the state of an installation whose administrators never used the switch. */
export const AI_SWITCH_ALL_ON: AiSwitchState = { assistantOff: false, premiumOff: false, dictationOff: false };

const ROW_ID = 'installation';

interface Row {
  assistant_off: boolean;
  premium_off: boolean;
  dictation_off: boolean;
}

/** Reads and writes the one row of ai_switch. */
export function createAiSwitchRepository({ query }: { query: Database['query'] }) {
  return {
    async read(): Promise<AiSwitchState> {
      const [row] = await query<Row>('select assistant_off, premium_off, dictation_off from ai_switch where id = $1', [ROW_ID]);
      return row ? { assistantOff: row.assistant_off, premiumOff: row.premium_off, dictationOff: row.dictation_off } : AI_SWITCH_ALL_ON;
    },
    async write(state: AiSwitchState, at: Date): Promise<void> {
      await query(
        `insert into ai_switch (id, assistant_off, premium_off, dictation_off, updated_at) values ($1, $2, $3, $4, $5)
         on conflict (id) do update set assistant_off = excluded.assistant_off, premium_off = excluded.premium_off,
           dictation_off = excluded.dictation_off, updated_at = excluded.updated_at`,
        [ROW_ID, state.assistantOff, state.premiumOff, state.dictationOff, at],
      );
    },
  };
}
export type AiSwitchRepository = ReturnType<typeof createAiSwitchRepository>;
