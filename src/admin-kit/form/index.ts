// The form kit: what the SPEC's create, update and one-field forms do beyond react-admin's own.
export { failureOf, type ShownFailure, useErrorThenReturn, useReturnOnError } from './errorThenReturn';
export { FailureAlert } from './FailureAlert';
export { SpecCreate, type SpecCreateProps, toDetail } from './SpecCreate';
export { SpecEdit, type SpecEditProps } from './SpecEdit';
export { SpecForm, type SpecFormProps } from './SpecForm';
export { ariaRequired, filled } from './validators';
export { LARGEST_PAGE, ReferenceSelect, type ReferenceSelectProps } from './ReferenceSelect';
