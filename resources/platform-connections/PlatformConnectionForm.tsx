// The inputs of a platform connection's create and update forms, inside the kit's react-admin
// form: the category, then the parameters its definition declares (secret ones as password
// inputs; on update they arrive masked and are sent back so, which keeps them, unless replaced).
// Changing the category empties the parameters. And what the form's values become on the wire.
import { useWatch } from 'react-hook-form';
import type { FieldValues, PlatformConnection, PlatformConnectionDimensions, PlatformConnectionWrite } from '../../types/api';
import { cleanValues, emptyValues, valuesOfRecord, withUserAgent } from '../shared/fieldValues';
import { TypeAndFields, type TypeChoice } from '../shared/TypeAndFields';
import { categoryOf } from './platformConnectionTypes';

export interface PlatformConnectionFormValues {
  category_type: string;
  connection_parameters: FieldValues;
}

/** The categories by label; a stored category the dimensions do not know stays offered under its internal name. */
function categoryChoices(dimensions: PlatformConnectionDimensions | undefined, stored?: string): TypeChoice[] {
  const choices = Object.entries(dimensions ?? {}).map(([key, category]) => ({
    id: category.internal_name ?? key,
    name: category.label,
    fields: category.connection_parameters,
  }));
  if (stored && !choices.some((choice) => choice.id === stored)) choices.push({ id: stored, name: stored, fields: {} });
  return choices;
}

export function PlatformConnectionInputs({ dimensions }: { dimensions: PlatformConnectionDimensions | undefined }) {
  const categoryType: string = useWatch({ name: 'category_type' }) ?? '';
  return (
    <TypeAndFields
      typeSource="category_type"
      typeLabel="resources.platform-connections.fields.category"
      valuesSource="connection_parameters"
      types={categoryChoices(dimensions, categoryType)}
    />
  );
}

/** A new connection's form: the first category, its parameters empty. */
export function newConnectionValues(dimensions: PlatformConnectionDimensions | undefined): PlatformConnectionFormValues {
  const first = Object.entries(dimensions ?? {})[0];
  return {
    category_type: first ? (first[1].internal_name ?? first[0]) : '',
    connection_parameters: emptyValues(first?.[1].connection_parameters),
  };
}

/** A stored connection's form: its category's parameters in the shape they edit (secrets masked). */
export function storedConnectionValues(
  dimensions: PlatformConnectionDimensions | undefined,
  record: PlatformConnection,
): PlatformConnectionFormValues {
  return {
    category_type: record.category_type,
    connection_parameters: valuesOfRecord(
      categoryOf(dimensions, record.category_type)?.connection_parameters,
      record.connection_parameters,
    ),
  };
}

/** The body of POST or PUT: the parameters cleaned, with the user agent (SPEC §7). */
export function connectionBody(
  dimensions: PlatformConnectionDimensions | undefined,
  { category_type, connection_parameters }: PlatformConnectionFormValues,
): PlatformConnectionWrite {
  return {
    category_type,
    connection_parameters: withUserAgent(cleanValues(categoryOf(dimensions, category_type)?.connection_parameters, connection_parameters)),
  };
}
