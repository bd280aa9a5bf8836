// The public screens' kit (src/public/kit.ts) from react-admin's hooks, for the screens rendered
// inside the admin app (a sign-out lands on /login there) and for the tests that render them in
// react-admin's contexts.
import { type ReactNode, useMemo } from 'react';
import { useCheckAuth, useDataProvider, useLogin, useNavigate, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { type PublicKit, PublicKitContext } from './kit';

export function AdminKitBridge({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const { request } = useDataProvider<AppDataProvider>();
  const [search] = useSearchParams();
  const kit = useMemo<PublicKit>(
    () => ({
      translate,
      navigate: (to) => {
        navigate(to); // react-router's promise is not for the screens (a test's act() would wait on it)
      },
      login: (values) => login(values),
      checkAuth: () => checkAuth({}, false),
      request,
      search,
    }),
    [translate, navigate, login, checkAuth, request, search],
  );
  return <PublicKitContext.Provider value={kit}>{children}</PublicKitContext.Provider>;
}
