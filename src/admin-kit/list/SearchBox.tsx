import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * SPEC §2: "A search box that submits only on Enter". Typing changes nothing until
 * Enter; the text follows the address when it changes from elsewhere (back button).
 */
export function SearchBox({
  value,
  placeholder,
  onSearch,
}: {
  value: string;
  /** i18n key */
  placeholder: string;
  onSearch: (search: string) => void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  return (
    <TextField
      type="search"
      size="small"
      margin="none"
      fullWidth={false}
      value={text}
      placeholder={translate(placeholder)}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        onSearch(text.trim());
      }}
      slotProps={{ htmlInput: { 'aria-label': translate('app.list.search') } }}
      sx={{ width: { xs: '100%', sm: 320 } }}
    />
  );
}
