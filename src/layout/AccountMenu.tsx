// The user's corner of the top bar (SPEC §2 Top bar): initials (N/A if none), full
// name and email, and the Profile Settings, Platform Connections (not for
// crowdsourcing users) and Logout links. A user that cannot be loaded means /login.
import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Avatar, Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import Cable from '@mui/icons-material/Cable';
import Logout from '@mui/icons-material/Logout';
import Settings from '@mui/icons-material/Settings';
import { LinkBase, useLogout, useTranslate } from 'react-admin';
import { initialsOf, useCurrentUser } from '../auth/useCurrentUser';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function AccountMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const { user, error } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  useEffect(() => {
    if (error) logout();
  }, [error, logout]);

  if (!user) return null;
  const close = () => setAnchor(null);
  const initials = initialsOf(user) ?? translate('app.topbar.no_initials');

  return (
    <>
      <Button
        color="inherit"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        sx={{ textTransform: 'none', gap: 1, ml: 1 }}
      >
        {/* The name, from the content, says what the button does and contains the visible text (WCAG 2.5.3). */}
        <Box component="span" sx={visuallyHidden}>
          {translate('app.topbar.account_menu')}{' '}
        </Box>
        <Avatar sx={{ width: 32, height: 32, fontSize: '0.875rem', bgcolor: 'primary.dark', color: 'primary.contrastText' }}>
          {initials}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'left', lineHeight: 1.2 }}>
          <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
            {user.fullName}
          </Typography>
          <Typography component="span" variant="caption" sx={{ display: 'block' }}>
            {user.email}
          </Typography>
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem component={LinkBase} to="/user-profile-detail" onClick={close}>
          <ListItemIcon>
            <Settings fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.topbar.profile_settings')}</ListItemText>
        </MenuItem>
        {!user.is_crowdsourcing && (
          <MenuItem component={LinkBase} to="/platform-connections" onClick={close}>
            <ListItemIcon>
              <Cable fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.topbar.platform_connections')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.topbar.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
