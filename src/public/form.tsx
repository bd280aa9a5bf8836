// The form of the public screens: required fields marked with an asterisk, "Required" under an
// empty one once the form was submitted (then as it is typed in), nothing sent until all are
// filled — as react-admin's <Form> does, without its form machinery in the first script.
import { type FormEvent, type ReactNode, createContext, useContext, useRef, useState } from 'react';
import { FilledInput, FormControl, FormHelperText, IconButton, InputAdornment, InputLabel } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { FormValues } from '../auth/formValues';
import { useTranslate } from './kit';

type Validator = (value: string) => string | undefined;

/** An i18n key when the value is empty. */
export const required =
  (): Validator =>
  (value) =>
    value.trim() === '' ? 'ra.validation.required' : undefined;

interface FormState {
  values: FormValues;
  errors: Record<string, string | undefined>;
  register: (source: string, validate: Validator[]) => void;
  change: (source: string, value: string) => void;
}
const FormContext = createContext<FormState | null>(null);

const firstError = (validate: Validator[], value: string) => validate.map((check) => check(value)).find(Boolean);

export function Form({ onSubmit, children }: { onSubmit: (values: FormValues) => unknown; noValidate?: boolean; children: ReactNode }) {
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const validators = useRef(new Map<string, Validator[]>());
  const submitted = useRef(false);

  const validateAll = (current: FormValues) =>
    Object.fromEntries([...validators.current].map(([source, validate]) => [source, firstError(validate, String(current[source] ?? ''))]));

  const state: FormState = {
    values,
    errors,
    register: (source, validate) => validators.current.set(source, validate),
    change(source, value) {
      const next = { ...values, [source]: value };
      setValues(next);
      if (submitted.current) setErrors(validateAll(next));
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const found = validateAll(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit(values);
  };

  return (
    <FormContext.Provider value={state}>
      <form onSubmit={submit} noValidate>
        {children}
      </form>
    </FormContext.Provider>
  );
}

interface InputProps {
  source: string;
  label: string;
  type?: string;
  autoComplete?: string;
  validate?: Validator[];
  endAdornment?: ReactNode;
}

export function TextInput({ source, label, type = 'text', autoComplete, validate = [], endAdornment }: InputProps) {
  const translate = useTranslate();
  const form = useContext(FormContext);
  if (!form) throw new Error('<TextInput> outside <Form>');
  form.register(source, validate);
  const error = form.errors[source];
  // MUI's <TextField> in its parts: the whole brings its select menu (popover, modal…) along
  return (
    <FormControl variant="filled" size="small" margin="dense" fullWidth required={validate.length > 0} error={!!error}>
      <InputLabel htmlFor={source}>{translate(label)}</InputLabel>
      <FilledInput
        id={source}
        name={source}
        type={type}
        autoComplete={autoComplete}
        value={form.values[source] ?? ''}
        onChange={(event) => form.change(source, event.target.value)}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': `${source}-helper-text` }}
      />
      {/* a blank line when valid, so that the form does not move when an error shows */}
      <FormHelperText id={`${source}-helper-text`}>{error ? translate(error) : ' '}</FormHelperText>
    </FormControl>
  );
}

export function PasswordInput(props: Omit<InputProps, 'type' | 'endAdornment'>) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
        onClick={() => setVisible(!visible)}
        size="large"
      >
        {visible ? <Visibility /> : <VisibilityOff />}
      </IconButton>
    </InputAdornment>
  );
  return <TextInput {...props} type={visible ? 'text' : 'password'} endAdornment={toggle} />;
}
