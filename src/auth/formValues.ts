// react-admin's <Form> hands its onSubmit the raw form values; each screen reads them
// as its request body type.
export type FormValues = Record<string, unknown>;
