// JSON schemas of the answers: the server serializes with them, the dashboard reads their types.

/** An object with these properties, every one required (a response lists each field it has). */
export const objectOf = <const Properties extends Record<string, object>>(
  properties: Properties,
  description?: string,
) => ({
  type: 'object' as const,
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties) as (keyof Properties & string)[],
});

export const nullable = <const Type extends string>(type: Type) => ({
  type: [type, 'null'] as [Type, 'null'],
});

export const text = { type: 'string' } as const;
export const integer = { type: 'integer' } as const;

/** Text that may be blank (NULL): most stored fields. */
export const nullableText = { type: ['string', 'null'] } as const;

/** An array of objects with these properties, every one required. */
export const listOf = <const Properties extends Record<string, object>>(properties: Properties) =>
  ({ type: 'array', items: objectOf(properties) }) as const;

/** An array of objects with these properties, each optional. */
export const arrayOfObjects = <const Properties extends Record<string, object>>(
  properties: Properties,
) => ({ type: 'array', items: { type: 'object', properties } }) as const;

/** The TypeScript type of a JSON schema declared `as const` (the subset the answers use). */
export type FromSchema<Schema> = Schema extends { const: infer Value }
  ? Value
  : Schema extends { enum: readonly (infer Value)[] }
    ? Value
    : Schema extends { type: infer Type }
      ? TypeOf<Schema, Type extends readonly (infer One)[] ? One : Type>
      : unknown;

type TypeOf<Schema, Type> = Type extends 'string'
  ? string
  : Type extends 'integer' | 'number'
    ? number
    : Type extends 'boolean'
      ? boolean
      : Type extends 'null'
        ? null
        : Type extends 'array'
          ? Schema extends { items: infer Items }
            ? FromSchema<Items>[]
            : unknown[]
          : Type extends 'object'
            ? ObjectOf<Schema>
            : never;

/** Its listed properties, required as `required` says, else optional. */
type ObjectOf<Schema> = Schema extends { properties: infer Properties }
  ? Flat<
      { -readonly [Key in keyof Properties & RequiredOf<Schema>]: FromSchema<Properties[Key]> } & {
        -readonly [Key in Exclude<keyof Properties, RequiredOf<Schema>>]?: FromSchema<
          Properties[Key]
        >;
      }
    >
  : Schema extends { additionalProperties: infer Values extends object }
    ? Record<string, FromSchema<Values>>
    : Record<string, unknown>;

type RequiredOf<Schema> = Schema extends { required: readonly (infer Key)[] } ? Key : never;
type Flat<T> = { [Key in keyof T]: T[Key] } & {};
