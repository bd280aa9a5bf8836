import { useTranslate } from 'react-admin';
import { FailureAlert } from './FailureAlert';

/** SPEC §8 'Failed to fetch dimensions.', with the server's message, when the type definitions did not load. */
export function TypeDefinitionsFailure({ error }: { error: unknown }) {
  const translate = useTranslate();
  if (!error) return null;
  return (
    <FailureAlert
      failure={{ message: translate('app.form.dimensions_failed'), detail: error instanceof Error ? error.message : undefined }}
    />
  );
}
