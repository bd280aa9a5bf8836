// Error messages as the API sends them (SPEC §8, CONVENTIONS Errors):
// `{"errors": ["…", "…"]}` → "…, …"; any other body → 'An error occurred'.
import { HttpError } from 'react-admin';

export const GENERIC_ERROR_MESSAGE = 'An error occurred';

export function messageFromBody(body: unknown): string {
  if (body && typeof body === 'object' && 'errors' in body) {
    const errors = (body as { errors: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      return errors.map((item) => String(item)).join(', ');
    }
  }
  return GENERIC_ERROR_MESSAGE;
}

export function toHttpError(status: number, body: unknown): HttpError {
  return new HttpError(messageFromBody(body), status, body);
}

/**
 * What a screen shows for a failure: the message of an Error (the server's message
 * for an HttpError), else the screen's fallback text (SPEC §8: "Server messages are
 * shown as received when they are an Error").
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
