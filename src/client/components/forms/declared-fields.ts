import { postedBy } from '@shared/lead-field';
import { candidateFields, companyFields } from '@shared/lead-fields';
import type { LeadForm } from '@shared/lead-vocabulary';
import type { FieldSpec } from './field-list';

/**
 * A form's fields: those it places, then each optional field lead-fields.ts declares for `form`,
 * asked with its `question` (or label): a new optional question changes no form.
 */
export function withDeclaredFields<Name extends string>(
  form: LeadForm,
  placed: readonly FieldSpec<Name>[],
): readonly FieldSpec<Name>[] {
  const names = new Set<string>(placed.map((field) => field.name));
  const declared = [...postedBy(candidateFields, form), ...postedBy(companyFields, form)]
    .filter((field) => field.optional && !names.has(field.name))
    .map((field): FieldSpec<Name> => {
      const multiline = typeof field.optional === 'object' && field.optional.multiline;
      return {
        name: field.name as Name,
        label: field.question ?? field.label,
        optional: true,
        ...(field.options ? { options: field.options } : {}),
        ...(multiline ? { rows: 3, wide: true } : {}),
      };
    });
  return [...placed, ...declared];
}
