// The side menu, generated from the registry for the signed-in user (SPEC §2 Side
// menu): collapsible groups that start expanded, a loading indicator while the user
// is being determined.
import { useId, useState, type ComponentType } from 'react';
import {
  Box,
  CircularProgress,
  Collapse,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ViewList from '@mui/icons-material/ViewList';
import { LinkBase, useMatch, useSidebarState, useTranslate } from 'react-admin';
import type { MenuGroup, ResourceDeclaration } from '../resourceTypes';
import { registry } from '../registry';
import { useCurrentUser } from '../auth/useCurrentUser';
import { buildMenu, type MenuLink } from './menuModel';

const groupKey = (group: MenuGroup) => `app.menu.groups.${group.toLowerCase().replace(/ /g, '_')}`;

export function AppMenu({ declarations = registry }: { declarations?: readonly ResourceDeclaration[] }) {
  const translate = useTranslate();
  const { user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={24} aria-label={translate('app.menu.loading')} />
      </Box>
    );
  }
  if (!user) return null;
  return (
    <Box component="nav" aria-label={translate('app.menu.label')} sx={{ pt: 1 }}>
      <List disablePadding>
        {buildMenu(declarations, user).map(({ group, links }) => (
          <MenuGroupSection key={group} label={translate(groupKey(group))} links={links} />
        ))}
      </List>
    </Box>
  );
}

function MenuGroupSection({ label, links }: { label: string; links: MenuLink[] }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [expanded, setExpanded] = useState(true);
  const listId = useId();
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {sidebarOpen ? (
        <ListItemButton
          aria-expanded={expanded}
          aria-controls={listId}
          title={translate('app.menu.toggle_group', { group: label })}
          onClick={() => setExpanded(!expanded)}
          dense
        >
          <ListItemText primary={label} slotProps={{ primary: { variant: 'overline', sx: { fontWeight: 600 } } }} />
          {expanded ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
        </ListItemButton>
      ) : (
        <Divider component="div" sx={{ my: 0.5 }} />
      )}
      <Collapse in={expanded || !sidebarOpen} id={listId}>
        <List disablePadding aria-label={label}>
          {links.map((link) => (
            <MenuLinkItem key={link.resource} link={link} label={translate(link.label)} showLabel={sidebarOpen} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

function MenuLinkItem({ link, label, showLabel }: { link: MenuLink; label: string; showLabel: boolean }) {
  const active = useMatch({ path: link.to, end: false }) != null;
  const [, setSidebarOpen] = useSidebarState();
  // On small screens the menu is a drawer over the page: close it once a link is chosen.
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const Icon: ComponentType = link.icon ?? ViewList;
  const item = (
    <ListItemButton
      component={LinkBase}
      to={link.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={showLabel ? undefined : label}
      onClick={isSmall ? () => setSidebarOpen(false) : undefined}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon />
      </ListItemIcon>
      {showLabel && <ListItemText primary={label} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {showLabel ? (
        item
      ) : (
        <Tooltip title={label} placement="right">
          {item}
        </Tooltip>
      )}
    </ListItem>
  );
}
