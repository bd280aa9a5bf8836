// The signed-in user as the authProvider knows it (GET /api/v1/users/me, fetched once
// per token): for the top bar, the menu, Home and Profile Settings; replaced when the user
// changes their own settings.
import { useCallback } from 'react';
import { useAuthProvider, useGetIdentity } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { fullNameOf, type CurrentIdentity, type CurrentUser } from '../../authProvider';

// No retries: a failed users/me has already dropped the token (authProvider), so a
// retry can only fail again, seconds later.
const IDENTITY_QUERY = { staleTime: 5 * 60 * 1000, retry: false } as const;

export function useCurrentUser() {
  const { identity, isPending, error } = useGetIdentity(IDENTITY_QUERY);
  return { user: identity as CurrentIdentity | undefined, isPending, error: error as unknown };
}

/**
 * Replaces the cached signed-in user by `user`, as a change of their own answered it (the
 * digest settings): the authProvider keeps it for the token, the screens showing it re-render.
 */
export function useRememberCurrentUser(): (user: CurrentUser) => void {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  return useCallback(
    (user: CurrentUser) => {
      authProvider?.rememberUser?.(user);
      queryClient.setQueryData(['auth', 'getIdentity'], { ...user, fullName: fullNameOf(user) } satisfies CurrentIdentity);
    },
    [authProvider, queryClient],
  );
}

/** 'AL' for Ada Lovelace; undefined when the user has neither name. */
export function initialsOf(user: { first_name?: string; last_name?: string }): string | undefined {
  const initials = [user.first_name, user.last_name]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return initials || undefined;
}
