// The frame of the signed-in account screens: the page title in the top bar and as
// the page's h1, and a card.
import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';

export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
