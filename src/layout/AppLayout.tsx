// react-admin's layout with our top bar (title, theme toggle, account menu) and our
// registry-generated side menu.
import type { ReactNode } from 'react';
import { AppBar, Layout } from 'react-admin';
import { AccountMenu } from './AccountMenu';
import { AppMenu } from './AppMenu';

const AppTopBar = () => <AppBar userMenu={<AccountMenu />} />;

const SideMenu = () => <AppMenu />;

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    // minWidth 0: a wide table scrolls inside its box instead of pushing the page sideways
    <Layout appBar={AppTopBar} menu={SideMenu} sx={{ '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </Layout>
  );
}
