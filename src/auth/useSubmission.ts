// The one submit cycle of the public and account screens: call the server, show the
// success text or the error (the server's message, else the screen's fallback), and
// optionally move on after a delay (SPEC §4 Redirect timing, §8).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from '../public/kit';
import { errorMessage } from '../../dataProvider/errors';

export interface Feedback {
  severity: 'success' | 'error';
  message: string;
  /** a second line, e.g. the server's own words under a screen's fixed failure text */
  detail?: string;
}

export interface SubmissionOptions<T> {
  action: (values: T) => Promise<unknown>;
  /** i18n key of the text shown on success */
  success?: string;
  /** i18n key of the text shown when the failure carries no message of its own */
  failure?: string;
  /** show the failure text always, with the server's message under it */
  failureFirst?: boolean;
  /** run this long after a success (a redirect, a logout) */
  afterSuccess?: { delayMs: number; run: () => void };
}

export function useSubmission<T>({
  action,
  success,
  failure = 'app.errors.unknown',
  failureFirst = false,
  afterSuccess,
}: SubmissionOptions<T>) {
  const translate = useTranslate();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const submit = useCallback(
    async (values: T) => {
      setSubmitting(true);
      setFeedback(null);
      try {
        await action(values);
        if (!mounted.current) return;
        if (success) setFeedback({ severity: 'success', message: translate(success) });
        if (afterSuccess) timer.current = setTimeout(afterSuccess.run, afterSuccess.delayMs);
      } catch (error) {
        if (!mounted.current) return;
        const fallback = translate(failure);
        const message = errorMessage(error, fallback);
        setFeedback(
          failureFirst
            ? { severity: 'error', message: fallback, detail: message === fallback ? undefined : message }
            : { severity: 'error', message },
        );
      } finally {
        if (mounted.current) setSubmitting(false);
      }
    },
    [action, success, failure, failureFirst, afterSuccess, translate],
  );

  return { submit, feedback, submitting, setFeedback };
}
