// What one lead field declares (lead-fields.ts declares them all), and what derives from any.
import type { LeadForm } from './lead-vocabulary';

export type FieldOptions = readonly { value: string; label: string }[];

/** Where the admin's lead detail shows a field. */
export type DetailGroup = 'contact' | 'application' | 'questionnaire' | 'company' | 'attribution';

/** A CSV section: `person`, `answers` in both candidate exports, `attribution` in all four. */
export type ExportSection = 'person' | 'application' | 'answers' | 'company' | 'attribution';

/** One field of a lead: its key is its API name; its order, its place in the detail and CSV. */
export interface LeadField {
  /** The stored column: text, NULL for blank; a flag is an integer 0/1. */
  column: string;
  /** 'text' (the default); 'email' is the lead's address; a 'flag' only ever rises. */
  kind?: 'text' | 'email' | 'flag';
  /** The admin's label (the list's header in title case). */
  label: string;
  /** Its label on the forms and the status page, when not `label` (declared-fields.ts). */
  question?: string;
  /** The browser's autofill hint for it, wherever a person types it. */
  autoComplete?: string;
  /** Several lines: a textarea (and an optional one's rule keeps line breaks). */
  multiline?: true;
  /** Its form's options: the value is stored, the admin reads the label. */
  options?: FieldOptions;
  forms?: readonly LeadForm[];
  /** Its name in the forms' bodies (or in `attribution`), when not its API name. */
  posted?: string;
  /** Optional: one of `options` or blank, else text up to `max` (200 for `true`) characters. */
  optional?: true | { max: number };
  /** The detail's group; none: shown otherwise (the name, the flags). */
  group?: DetailGroup;
  /** Its column in the admin's list (by `group`); false: none, `header`: not the label's. */
  list?: false | { header?: string; cell?: 'nowrap' | 'wide' };
  /** Its CSV column; none: not exported on its own. */
  export?: { header: string; section: ExportSection };
  /** The indexed search key it feeds (a generated column, 022_admin_search_keys). */
  searchKey?: string;
  /** A way to reach the person: the value a merge drops is kept as a secondary contact. */
  contact?: ContactKind;
}

export const contactKinds = ['email', 'phone'] as const;
export type ContactKind = (typeof contactKinds)[number];

export type AnyFields = Record<string, LeadField>;

/** The API names of `Fields` whose kind is `Kind` ('text' when none is given). */
export type NamesOfKind<Fields extends AnyFields, Kind extends LeadField['kind']> = {
  [Name in keyof Fields]: (Fields[Name] extends { kind: infer K } ? K : 'text') extends Kind
    ? Name
    : never;
}[keyof Fields];

export type ColumnsOfKind<
  Fields extends AnyFields,
  Kind extends LeadField['kind'],
> = Fields[NamesOfKind<Fields, Kind>]['column'];

/** The values a lead field's JSON holds: text or null, a flag as a boolean, the e-mail always. */
export type FieldValues<Fields extends AnyFields> = {
  [Name in keyof Fields]: Fields[Name] extends { kind: 'flag' }
    ? boolean
    : Fields[Name] extends { kind: 'email' }
      ? string
      : string | null;
};

export const entriesOf = <Fields extends AnyFields>(fields: Fields) =>
  Object.entries(fields) as [keyof Fields & string, LeadField][];

export const postedNames = (fields: AnyFields) =>
  entriesOf(fields).map(([apiName, field]) => ({
    ...field,
    apiName,
    name: field.posted ?? apiName,
  }));

export const postedBy = (fields: AnyFields, form: LeadForm) =>
  postedNames(fields).filter((field) => field.forms?.some((each) => each === form));

export const valuesByColumn = (
  fields: readonly { name: string; column: string }[],
  body: object | undefined,
): Record<string, string | undefined> =>
  Object.fromEntries(
    fields.map((field) => [
      field.column,
      (body as Record<string, string> | undefined)?.[field.name],
    ]),
  );
