import type { TranslateFunction } from 'react-admin';

/**
 * SPEC §8: "Failed list or detail loads show 'Error: {message}', or 'An unknown
 * error occurred'". The dataProvider's errors are Errors carrying the API message.
 */
export function loadErrorText(error: unknown, translate: TranslateFunction): string {
  if (error instanceof Error && error.message) {
    return translate('app.errors.with_message', { message: error.message });
  }
  return translate('app.errors.unknown');
}
