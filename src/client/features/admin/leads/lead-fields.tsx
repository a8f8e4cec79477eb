import { entriesOf, type AnyFields, type DetailGroup, type LeadField } from '@shared/lead-field';

/** A stored value as the admin reads it: its option's label (itself if unknown); null for none. */
export const shownValue = ({ options }: Pick<LeadField, 'options'>, value: string | null) =>
  value ? (options?.find((option) => option.value === value)?.label ?? value) : null;

export const muted = (value: string | null | undefined) =>
  value ? value : <span className="text-slate-500">—</span>;

/** A detail group's fields in the contract's order, each with its value as the admin reads it. */
export const fieldsIn = (fields: AnyFields, group: DetailGroup) =>
  entriesOf(fields)
    .filter(([, field]) => field.group === group)
    .map(([name, field]) => ({
      ...field,
      value: (lead: object) =>
        shownValue(field, (lead as Record<string, string | null>)[name] ?? null),
    }));
