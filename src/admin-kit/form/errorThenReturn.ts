// SPEC §4 "After a failed create or update: the error shows for 3 seconds, then the app returns
// to the list or detail screen" (§9 ERROR_BEFORE_REDIRECT_MS), with the screen's own §8 message
// and, below it, the server's message when the failure is an Error (§8 "Server messages are
// shown as received when they are an Error").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ERROR_BEFORE_REDIRECT_MS } from '../../constants';

export interface ShownFailure {
  /** the screen's own text, e.g. 'Failed to create organization.' */
  message: string;
  /** the server's message when the failure was an Error */
  detail?: string;
}

/** A failure as shown: the screen's text and the Error's message, if any. */
export function failureOf(message: string, error: unknown): ShownFailure {
  return { message, detail: error instanceof Error && error.message ? error.message : undefined };
}

/**
 * `fail` shows a failure and schedules the return to `returnTo`; leaving the screen
 * earlier cancels it.
 */
export function useErrorThenReturn() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const fail = useCallback(
    (message: string, error: unknown, returnTo: string) => {
      setFailure(failureOf(message, error));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(returnTo), ERROR_BEFORE_REDIRECT_MS);
    },
    [navigate],
  );

  return { failure, fail };
}

/**
 * The same as react-admin's `mutationOptions` of a <CreateBase>/<EditBase>: its `onError`
 * (which replaces react-admin's error notification) shows `message` (an i18n key) and
 * returns to `returnTo` after the delay.
 */
export function useReturnOnError(message: string, returnTo: string) {
  const translate = useTranslate();
  const { failure, fail } = useErrorThenReturn();
  const mutationOptions = useMemo(
    () => ({ onError: (error: unknown) => fail(translate(message), error, returnTo) }),
    [fail, translate, message, returnTo],
  );
  return { failure, mutationOptions };
}
