import { useState } from 'react';
import { candidateFields } from '@shared/lead-fields';
import {
  defaultSide,
  mergeFieldsOf,
  mergeSides,
  type MergeSide,
  type MergeWinners,
} from '@shared/lead-merge';
import { useLeadDetail } from '../../api/lead-detail';
import { shownValue } from '../lead-fields';
import { text } from '../leads';

/* Before a merge, the two leads side by side: each field that differs, and whose value stays. */

const choosable = mergeFieldsOf(candidateFields);

/** The fields whose values differ, each as the admin reads it, and the rule's side. */
function differing(mine: Record<string, unknown>, theirs: Record<string, unknown>) {
  return choosable.flatMap(([name, field]) => {
    const [own, other] = [text(mine[name]), text(theirs[name])];
    if (own === other) return [];
    const values = { this: shownValue(field, own), other: shownValue(field, other) };
    return [{ name, label: field.label, values, rule: defaultSide(own, other) }];
  });
}

/** One radio group per differing field (arrow keys move within it); `onChange` gets the choices. */
export function MergeChoices({
  keptId,
  otherId,
  onChange,
}: {
  keptId: number;
  otherId: number;
  onChange(winners: MergeWinners): void;
}) {
  const kept = useLeadDetail('candidate', keptId);
  const other = useLeadDetail('candidate', otherId);
  const [winners, setWinners] = useState<MergeWinners>({});
  if (kept.isError || other.isError) {
    return <p className="text-sm text-red-800">Error: Failed to load the two leads.</p>;
  }
  if (!kept.data || !other.data) return <p className="text-sm text-slate-600">Loading…</p>;
  const rows = differing(kept.data.raw, other.data.raw);
  const choose = (name: string, side: MergeSide) => {
    const next = { ...winners, [name]: side };
    setWinners(next);
    onChange(next);
  };
  const sideName = { this: `This lead (#${keptId})`, other: `Lead #${otherId}` };
  return (
    <div className="grid gap-3 text-sm">
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 font-semibold text-slate-900">
        <span>{sideName.this}</span>
        <span>{sideName.other}</span>
      </div>
      {rows.map(({ name, label, values, rule }) => (
        <fieldset key={name}>
          <legend className="font-medium text-slate-700">{label}</legend>
          <div className="mt-1 grid grid-cols-2 gap-3">
            {mergeSides.map((side) => (
              <label
                key={side}
                className="flex items-start gap-2 rounded-lg border border-slate-300 p-2 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50"
              >
                <input
                  type="radio"
                  name={`merge-${name}`}
                  value={side}
                  checked={(winners[name] ?? rule) === side}
                  onChange={() => choose(name, side)}
                  className="mt-1"
                />
                <span className="break-words text-slate-900">
                  <span className="sr-only">{sideName[side]}: </span>
                  {values[side] ?? <span className="text-slate-600">blank</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <p className="text-slate-700">
        {rows.length === 0 ? 'Both leads hold the same details. ' : 'Fields not listed match. '}
        The e-mail and phone not kept stay on this lead as other contacts.
      </p>
    </div>
  );
}
