// The signed-in user as the authProvider knows it (GET /api/v1/users/me, fetched once
// per token): for the top bar, the menu, Home and Profile Settings.
import { useGetIdentity } from 'react-admin';
import type { CurrentIdentity } from '../../authProvider';

export function useCurrentUser() {
  const { identity, isPending, error } = useGetIdentity();
  return { user: identity as CurrentIdentity | undefined, isPending, error: error as unknown };
}

/** 'AL' for Ada Lovelace; undefined when the user has neither name. */
export function initialsOf(user: { first_name?: string; last_name?: string }): string | undefined {
  const initials = [user.first_name, user.last_name]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return initials || undefined;
}
