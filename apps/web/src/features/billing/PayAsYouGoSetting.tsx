import { useState } from 'react';
import type { BudgetData } from '@bree/contracts';
import { PAYG_DEFAULT_SPENDING_LIMIT, PAYG_DOLLARS_PER_CALL, PAYG_MAX_SPENDING_LIMIT } from '@bree/contracts';
import { Button, Card, Input, Switch } from '../../ui';

const dollars = (value: number) => `$${value.toFixed(2)}`;

/**
 * The pay-as-you-go switch and its spending limit (docs/BILLING.md#pay-as-you-go): off until the
 * writer turns it on with a limit, so nothing is charged past the plan by surprise. Turning it off
 * saves a limit of 0 at once; turning it on asks for the limit first.
 */
export function PayAsYouGoSetting({ payAsYouGo, saving, onSave }: { payAsYouGo: BudgetData['payAsYouGo']; saving: boolean; onSave: (limit: number) => void }) {
  const on = payAsYouGo.enabled;
  const [turningOn, setTurningOn] = useState(false);
  const [text, setText] = useState(String(on ? payAsYouGo.spendingLimit : PAYG_DEFAULT_SPENDING_LIMIT));
  const open = on || turningOn;
  const value = Number(text);
  // 0 is 'off': the switch says that, so the limit of a switched-on pay-as-you-go is above 0.
  const valid = text.trim() !== '' && Number.isFinite(value) && value > 0 && value <= PAYG_MAX_SPENDING_LIMIT;
  return (
    <Card>
      <h2 className="font-serif text-xl font-semibold text-ink">Pay-as-you-go</h2>
      <p className="mt-1 text-sm text-muted">
        When the Pro credit or a call cap is used up, calls can go on at about {dollars(PAYG_DOLLARS_PER_CALL)} each, up to a spending limit you set for the
        month. It stays off until you turn it on.
      </p>
      <Switch
        className="mt-4 max-w-sm"
        label="Pay-as-you-go"
        checked={open}
        disabled={saving}
        busy={saving}
        onChange={(next) => {
          if (next) setTurningOn(true);
          else if (on) onSave(0);
          else setTurningOn(false);
        }}
      />
      <p className="mt-2 text-sm text-ink-soft" aria-live="polite">
        {on
          ? `On — up to ${dollars(payAsYouGo.spendingLimit)} this month; ${dollars(payAsYouGo.accumulatedCost)} used so far.`
          : 'Off — AI calls stop when the Pro credit or a call cap is used up.'}
      </p>
      {open && (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) onSave(value);
          }}
        >
          <div className="w-48">
            <Input
              label="Spending limit (USD a month)"
              type="number"
              min={1}
              max={PAYG_MAX_SPENDING_LIMIT}
              step="1"
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={valid ? undefined : `Enter an amount above 0, at most ${PAYG_MAX_SPENDING_LIMIT}.`}
            />
          </div>
          <Button type="submit" disabled={!valid || saving}>
            {saving ? 'Saving...' : on ? 'Save limit' : 'Turn on'}
          </Button>
        </form>
      )}
    </Card>
  );
}
