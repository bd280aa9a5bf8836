// Pieces of a detail screen below its label/value pairs: a titled section (its title an h2, so
// that the screen reads as an outline), and the text a table shows instead when it has no row
// (a <DataTable>'s `empty`: an organization without users, a data source without executions).
import type { ReactNode } from 'react';
import { Box, Stack, type SxProps, type Theme, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function ShowSection({
  title,
  aside,
  sx,
  children,
}: {
  /** i18n key of the heading */
  title: string;
  /** beside the heading, e.g. a link to everything the section shows the latest of */
  aside?: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={[{ minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        {aside}
      </Stack>
      {children}
    </Box>
  );
}

/** The translated text shown instead of an empty table or list. */
export function EmptyText({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
      {translate(text)}
    </Typography>
  );
}
