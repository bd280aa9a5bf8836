// Step four (src/adminSteps/loadAdmin.ts): the Material UI parts react-admin's layout is made of.
export { AppBar, Avatar, Drawer, IconButton, Menu, MenuItem, Snackbar, Toolbar, Tooltip, Typography } from '@mui/material';
