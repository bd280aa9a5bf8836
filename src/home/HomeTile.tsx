// One large link tile of the home page.
import type { ComponentType } from 'react';
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';

export interface HomeTileProps {
  to: string;
  title: string;
  text: string;
  icon: ComponentType<{ fontSize?: 'large'; color?: 'primary' }>;
}

export function HomeTile({ to, title, text, icon: Icon }: HomeTileProps) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={LinkBase} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent sx={{ p: 4, minHeight: 180 }}>
          <Icon fontSize="large" color="primary" />
          <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
