// The screens' failure alert lives in the form kit; the detail screens take it from here.
export { FailureAlert } from '../../src/admin-kit/form/FailureAlert';
