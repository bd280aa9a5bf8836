// A field that names another record, as a choice among those records (react-admin's
// <ReferenceInput> with an <AutocompleteInput>): opened, it offers the API's largest page of them
// in the server's own order; typed into, it asks the API's `search` — so a user with more records
// than a page still reaches every one. Filtered as the API's list accepts; the screen's own text
// when they cannot be loaded ('Failed to fetch organizations.') with the server's message.
import type { ReactNode } from 'react';
import {
  AutocompleteInput,
  type AutocompleteInputProps,
  ReferenceInput,
  useChoicesContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { failureOf } from './errorThenReturn';
import { FailureAlert } from './FailureAlert';

/** The API's largest page (CONVENTIONS "API": page_size at most 100). */
export const LARGEST_PAGE = 100;
/** No ordering: the list's default order on the server. */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;
const NO_RETRY = { retry: false } as const;
/** what is typed becomes the list's search (every list of the API has one) */
const searchFor = (text: string) => (text.trim() ? { search: text.trim() } : {});

export interface ReferenceSelectProps {
  source: string;
  /** the resource of the named records */
  reference: string;
  /** list filters the API accepts, e.g. { category_type: 'openai_compatible' } */
  filter?: Record<string, unknown>;
  /** i18n key or text */
  label: string;
  validate?: Validator | Validator[];
  /** a required choice cannot be cleared; an optional one can (no record named: '') */
  required?: boolean;
  /** how a record reads in the select; react-admin's recordRepresentation unless told */
  optionText?: AutocompleteInputProps['optionText'];
  helperText?: ReactNode;
  /** i18n key of the text shown when the records cannot be loaded */
  loadFailure?: string;
}

export function ReferenceSelect({
  source,
  reference,
  filter,
  label,
  validate,
  required = false,
  optionText,
  helperText,
  loadFailure,
}: ReferenceSelectProps) {
  return (
    <ReferenceInput
      source={source}
      reference={reference}
      filter={filter}
      perPage={LARGEST_PAGE}
      sort={SERVER_ORDER}
      // a failure shows at once, not after react-query's back-off
      queryOptions={NO_RETRY}
    >
      <AutocompleteInput
        label={label}
        optionText={optionText}
        validate={validate}
        helperText={helperText}
        filterToQuery={searchFor}
        disableClearable={required}
      />
      {loadFailure && <ChoicesFailure message={loadFailure} />}
    </ReferenceInput>
  );
}

function ChoicesFailure({ message }: { message: string }) {
  const translate = useTranslate();
  const { error } = useChoicesContext();
  return error ? <FailureAlert failure={failureOf(translate(message), error)} /> : null;
}
