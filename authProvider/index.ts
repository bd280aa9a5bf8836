// react-admin's authProvider (SPEC §4 Session): the token sits in the fs_token cookie;
// a token counts only once GET /api/v1/users/me has accepted it, and that user is
// fetched once per token and kept — it is both the identity and the permissions.
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { SignInRequest, SignInResponse, User } from '../types/api';
import { API_URL, clearToken, getToken, httpClient, setToken } from '../dataProvider';

export { TOKEN_COOKIE, TOKEN_COOKIE_ATTRIBUTES, getToken, setToken, clearToken } from '../dataProvider';

export type CurrentUser = User;
export type CurrentIdentity = UserIdentity & User;

export interface AuthProviderOptions {
  apiUrl?: string;
}

export class NotAuthenticatedError extends Error {
  constructor() {
    super('Not authenticated');
    this.name = 'NotAuthenticatedError';
  }
}

export function fullNameOf(user: Pick<User, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

export function createAuthProvider({ apiUrl = API_URL }: AuthProviderOptions = {}): AuthProvider {
  let cached: { token: string; user: Promise<User> } | undefined;

  const forget = () => {
    cached = undefined;
    clearToken();
  };

  /** The user behind the current token, fetched once per token; a refused token is dropped. */
  const currentUser = (): Promise<User> => {
    const token = getToken();
    if (!token) {
      cached = undefined;
      return Promise.reject(new NotAuthenticatedError());
    }
    if (cached?.token !== token) {
      const user = httpClient(`${apiUrl}/api/v1/users/me`).then(
        ({ json }) => json as User,
        (error: unknown) => {
          if (cached?.token === token) forget();
          throw error;
        },
      );
      cached = { token, user };
    }
    return cached.user;
  };

  return {
    async login({ email, password }: SignInRequest) {
      forget();
      const { json } = await httpClient(`${apiUrl}/api/v1/auth/sign-in/`, {
        method: 'POST',
        body: JSON.stringify({ email, password } satisfies SignInRequest),
      });
      setToken((json as SignInResponse).token);
      await currentUser();
      // SPEC §2: success goes to / (not back to the page that sent the visitor here).
      return { redirectTo: '/' };
    },
    async logout() {
      const token = getToken();
      forget();
      // the server ends the session too, so Profile Settings no longer lists it; best effort and
      // not awaited: the browser has forgotten the token already, and an unsent sign-out leaves
      // it to expire (a token dropped after a 401 is gone before this runs: nothing is sent)
      if (token) {
        fetch(`${apiUrl}/api/v1/auth/sign-out/`, { method: 'POST', headers: { Authorization: `Token ${token}` }, keepalive: true }).catch(
          () => {},
        );
      }
      return '/login';
    },
    async checkAuth() {
      await currentUser();
    },
    async checkError(error: { status?: number } | undefined) {
      if (error?.status === 401) {
        forget();
        throw error;
      }
    },
    async getIdentity(): Promise<CurrentIdentity> {
      const user = await currentUser();
      return { ...user, fullName: fullNameOf(user) };
    },
    async getPermissions(): Promise<User> {
      return currentUser();
    },
    /** The signed-in user as a change of their own answered it (Profile Settings): kept for the current token. */
    rememberUser(user: User) {
      const token = getToken();
      if (token) cached = { token, user: Promise.resolve(user) };
    },
  };
}

export const authProvider = createAuthProvider();
export default authProvider;
