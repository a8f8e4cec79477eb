import { entriesOf, type AnyFields, type DetailGroup, type FieldOptions } from '@shared/lead-field';

/** A stored option value's label (the value itself if unknown); null without a value. */
export const labelOf = (options: FieldOptions, value: string | null) =>
  value ? (options.find((option) => option.value === value)?.label ?? value) : null;

export const muted = (value: string | null | undefined) =>
  value ? value : <span className="text-slate-500">—</span>;

/** A detail group's fields in the contract's order, each with its value as the admin reads it. */
export const fieldsIn = (fields: AnyFields, group: DetailGroup) =>
  entriesOf(fields)
    .filter(([, field]) => field.group === group)
    .map(([name, field]) => ({
      ...field,
      value: (lead: object) => {
        const value = (lead as Record<string, string | null>)[name] ?? null;
        return field.options ? labelOf(field.options, value) : value;
      },
    }));
