// A SPEC create screen on react-admin's <CreateBase>: its inputs in the SPEC frame (SpecForm);
// success opens the new record's detail at /{resource}/{id} (SPEC routes; react-admin's own edit
// path would be /{resource}/{id}), or the list; a failure shows the screen's message for
// 3 seconds, then returns to the list (SPEC §4).
import type { Identifier, TransformData } from 'react-admin';
import { CreateBase } from 'react-admin';
import { useReturnOnError } from './errorThenReturn';
import { SpecForm, type SpecFormProps } from './SpecForm';

/** react-admin's redirect to a record's SPEC detail route. */
export const toDetail = (resource?: string, id?: Identifier) => `/${resource}/${id}`;

export interface SpecCreateProps extends Omit<SpecFormProps, 'backTo' | 'failure' | 'busy'> {
  resource: string;
  /** i18n key of the SPEC §8 message of a failed create, e.g. 'Failed to create organization.' */
  failureMessage: string;
  /** the form values → the body of the POST */
  transform?: TransformData;
  /** where success leads: the new record (default) or the list */
  redirect?: 'detail' | 'list';
  /** where Cancel and a failure lead; the list unless told */
  backTo?: string;
}

export function SpecCreate({ resource, failureMessage, transform, redirect = 'detail', backTo, ...form }: SpecCreateProps) {
  const returnTo = backTo ?? `/${resource}`;
  const { failure, mutationOptions } = useReturnOnError(failureMessage, returnTo);
  return (
    <CreateBase
      resource={resource}
      transform={transform}
      redirect={redirect === 'detail' ? toDetail : 'list'}
      mutationOptions={mutationOptions}
    >
      {/* the button stays disabled after a failure: the screen is on its way back */}
      <SpecForm backTo={returnTo} failure={failure} busy={failure !== null} {...form} />
    </CreateBase>
  );
}
