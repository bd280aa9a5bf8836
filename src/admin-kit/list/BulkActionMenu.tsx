import { useId, useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslate } from 'react-admin';
import type { BulkActionDeclaration } from './types';

/** The 'Select Action' dropdown over the selected rows. */
export function BulkActionMenu({
  actions,
  busy,
  onAction,
}: {
  actions: BulkActionDeclaration[];
  busy: boolean;
  onAction: (action: BulkActionDeclaration) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        disabled={busy}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('app.list.select_action')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
          >
            {translate(action.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
