import { postedBy } from '@shared/lead-field';
import { candidateFields, companyFields } from '@shared/lead-fields';
import type { LeadForm } from '@shared/lead-vocabulary';
import type { FieldSpec } from './field-list';

/** A field a form places: what lead-fields.ts declares of it, unless the form says otherwise. */
type PlacedField<Name extends string> = Omit<FieldSpec<Name>, 'label'> & { label?: string };

// The fields a form places, completed from lead-fields.ts (question or label, options, optional),
// then each optional field declared for `form` that it does not place: a new one changes no form.
export function withDeclaredFields<Name extends string>(
  form: LeadForm,
  placed: readonly PlacedField<Name>[],
): readonly FieldSpec<Name>[] {
  const declared = [...postedBy(candidateFields, form), ...postedBy(companyFields, form)];
  const asked = (field: (typeof declared)[number]): FieldSpec<Name> => ({
    name: field.name as Name,
    label: field.question ?? field.label,
    ...(field.autoComplete ? { autoComplete: field.autoComplete } : {}),
    ...(field.optional ? { optional: true } : {}),
    ...(field.options ? { options: field.options } : {}),
    ...(field.multiline ? { rows: 3, wide: true } : {}),
  });
  const names = new Set<string>(placed.map((field) => field.name));
  return [
    ...placed.map((spec) => {
      const field = declared.find((each) => each.name === spec.name);
      const full = { ...(field && asked(field)), ...spec };
      if (!full.label) throw new Error(`${spec.name} of ${form}: no label here or declared`);
      return full as FieldSpec<Name>;
    }),
    ...declared.filter((field) => field.optional && !names.has(field.name)).map(asked),
  ];
}
