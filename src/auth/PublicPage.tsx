// The frame of the screens seen before signing in: the product name, one h1, a card.
import type { MouseEvent, ReactNode } from 'react';
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useNavigate, useTranslate } from '../public/kit';

export function PublicPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="overline" component="p" color="primary">
            {translate('app.name')}
          </Typography>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {intro && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {intro}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** A line of small links under a form, e.g. "Don't have an account? Sign up here". */
export function PublicLinks({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {children}
    </Stack>
  );
}

export function PublicLink({ to, prefix, label }: { to: string; prefix?: string; label: string }) {
  const navigate = useNavigate();
  // a plain click stays in the app; a middle or modified click opens a tab as any link does
  const follow = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Typography variant="body2">
      {prefix && `${prefix} `}
      <Link href={to} onClick={follow}>
        {label}
      </Link>
    </Typography>
  );
}
