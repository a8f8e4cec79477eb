/** Option lists of the specification (section 3): value plus the label a visitor sees. */
export const educationLevels = [
  { value: 'high-school', label: 'High school diploma or GED' },
  { value: 'some-college', label: 'Some college' },
  { value: 'associate', label: "Associate's degree" },
  { value: 'bachelor', label: "Bachelor's degree or higher" },
  { value: 'military', label: 'Military training' },
  { value: 'other', label: 'Other' },
] as const;

export const techExperienceLevels = [
  { value: 'none', label: 'None: I am new to tech' },
  { value: 'basic', label: 'Basic: I am comfortable with computers' },
  { value: 'some-hardware', label: 'Some hardware: I have built or repaired PCs' },
  { value: 'related', label: 'Related: IT support, electrical or mechanical work' },
  { value: 'professional', label: 'Professional: I have worked in IT or data centers' },
] as const;

export const companySizes = [
  { value: 'startup', label: 'Startup (1-50)' },
  { value: 'small', label: 'Small (51-200)' },
  { value: 'midsize', label: 'Midsize (201-1000)' },
  { value: 'large', label: 'Large (1000+)' },
] as const;

export const contactCompanySizes = [
  ...companySizes,
  { value: 'enterprise', label: 'Enterprise' },
] as const;

export const hiringTimelines = [
  { value: 'immediate', label: 'Immediate (1-2 months)' },
  { value: 'soon', label: 'Soon (3-6 months)' },
  { value: 'planning', label: 'Planning (6+ months)' },
  { value: 'ongoing', label: 'Ongoing needs' },
] as const;

export const contactTimelines = [
  { value: 'immediate', label: 'Immediately' },
  { value: '1-3months', label: '1-3 months' },
  { value: '3-6months', label: '3-6 months' },
  { value: '6-12months', label: '6-12 months' },
  { value: 'exploring', label: 'Just exploring' },
] as const;

/** Every timeline either form offers, each value once (the /hiring label first). */
export const allTimelines = [
  ...hiringTimelines,
  ...contactTimelines.filter(({ value }) => !hiringTimelines.some((one) => one.value === value)),
];

/** The lists of each company request form: /hiring and the /contact employer tab. */
export const companyRequestLists = {
  hiring: { sizes: companySizes, timelines: hiringTimelines },
  contact: { sizes: contactCompanySizes, timelines: contactTimelines },
} as const;

type Values<T extends readonly { value: string }[]> = T[number]['value'];
export const valuesOf = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as [Values<T>, ...Values<T>[]];

/** The two landing variants (spec section 7): /career and /training. */
export const landingVariants = ['free_training', 'high_salary'] as const;
export type LandingVariant = (typeof landingVariants)[number];
/** The page that shows each variant: the beacon's variant and the A/B card's names. */
export const variantPages: Record<LandingVariant, string> = {
  free_training: '/career',
  high_salary: '/training',
};

/** The built-in questionnaire's options (schemas/questionnaire.ts). */
export const availabilityOptions = [
  { value: 'immediately', label: 'Immediately' },
  { value: 'within-month', label: 'Within a month' },
  { value: '1-3months', label: 'In 1-3 months' },
  { value: 'later', label: 'Later than 3 months' },
] as const;

export const yesNoOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export const relocationOptions = [
  ...yesNoOptions,
  { value: 'depends', label: 'It depends on the offer' },
] as const;
