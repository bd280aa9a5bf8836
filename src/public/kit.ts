// What the public screens (/login, /signup, /forgot-password, /reset-password, /activate-account)
// need from the app: translations, navigation, signing in, the API and the page's query. Two
// providers give it: src/public/PublicApp.tsx on a first visit to one of those pages (no
// react-admin in the first script, so a phone shows the form sooner), and
// src/public/AdminKitBridge.tsx inside the admin (react-admin's own hooks: a signed-out screen
// reached from the app, the account screens, the tests).
import { createContext, useContext } from 'react';
import type { AppDataProvider } from '../../dataProvider';
import type { SignInRequest } from '../../types/api';

export interface PublicKit {
  translate: (key: string, options?: Record<string, unknown>) => string;
  navigate: (to: string) => void;
  login: (values: SignInRequest) => Promise<unknown>;
  /** resolves when someone is signed in */
  checkAuth: () => Promise<unknown>;
  request: AppDataProvider['request'];
  search: URLSearchParams;
}

export const PublicKitContext = createContext<PublicKit | null>(null);

function usePublicKit(): PublicKit {
  const kit = useContext(PublicKitContext);
  if (!kit) throw new Error('a public screen rendered outside PublicApp and AdminKitBridge');
  return kit;
}

export const useTranslate = () => usePublicKit().translate;
export const useNavigate = () => usePublicKit().navigate;
export const useLogin = () => usePublicKit().login;
export const useCheckAuth = () => usePublicKit().checkAuth;
export const useApi = () => usePublicKit().request;
export const useSearchParams = () => usePublicKit().search;
