import { postedNames, valuesByColumn } from '@shared/lead-field';
import { attributionFields } from '@shared/lead-fields';
import type { Attribution } from '@shared/schemas/attribution';
import type { AttributionColumns } from './lead-tables';
import { presentValues } from './present-values';

const posted = postedNames(attributionFields);

/** The attribution columns a form's attribution fills (blanks left out). */
export const attributionValues = (attribution: Attribution | undefined) =>
  presentValues(valuesByColumn(posted, attribution)) as Partial<AttributionColumns>;
