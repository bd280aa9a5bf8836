import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProfileComment } from '../../types/api';

/**
 * SPEC §2 Profile detail: staff see every comment labelled by the commenter's email;
 * others see only the first comment, or 'No comments'.
 */
export function ProfileComments({ comments, staff }: { comments: ProfileComment[]; staff: boolean }) {
  const translate = useTranslate();
  const shown = staff ? comments : comments.slice(0, 1);
  if (shown.length === 0) return <Typography color="text.secondary">{translate('resources.profiles.no_comments')}</Typography>;
  if (!staff) return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{shown[0].comment}</Typography>;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {shown.map((comment) => (
        <Box key={comment.email} sx={{ mb: 1.5 }}>
          <Typography component="dt" variant="subtitle2">
            {comment.email}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
            {comment.comment}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
