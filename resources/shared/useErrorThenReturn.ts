import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERROR_BEFORE_REDIRECT_MS } from '../../src/constants';

export interface ShownFailure {
  /** the screen's own text, e.g. 'Failed to create organization.' */
  message: string;
  /** the server's message when the failure was an Error */
  detail?: string;
}

/**
 * SPEC §4: "After a failed create or update: the error shows for 3 seconds, then the
 * app returns to the list or detail screen". `fail` shows the failure and schedules
 * the return; leaving the screen earlier cancels it.
 */
export function useErrorThenReturn() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const fail = useCallback(
    (message: string, error: unknown, returnTo: string) => {
      setFailure({ message, detail: error instanceof Error && error.message ? error.message : undefined });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(returnTo), ERROR_BEFORE_REDIRECT_MS);
    },
    [navigate],
  );

  return { failure, fail };
}
