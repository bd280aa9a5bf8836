// react-admin's layout with our top bar (title, theme toggle, account menu) and our
// registry-generated side menu.
import { memo, type ReactNode } from 'react';
import { AppBar, Layout } from 'react-admin';
import { AccountMenu } from './AccountMenu';
import { AppMenu } from './AppMenu';
import { HideOnScroll } from './HideOnScroll';

// react-admin renders its layout again as its router mounts (src/admin-kit/lazyScreen.ts says why):
// the top bar and the menu render again only for their own reasons (memo: the layout gives the
// top bar a flag and the menu nothing)
const AppTopBar = memo(() => <AppBar userMenu={<AccountMenu />} container={HideOnScroll} />);

const SideMenu = memo(() => <AppMenu />);

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    // minWidth 0 (react-admin's layout is at least as wide as its content): a wide table scrolls
    // inside its box (src/admin-kit/list/SpecList.tsx) instead of widening the page, so a phone
    // shows the screen's header, search and filters at its own width
    <Layout
      appBar={AppTopBar}
      menu={SideMenu}
      sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}
    >
      {children}
    </Layout>
  );
}
