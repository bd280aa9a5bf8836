// The submit button of the public and account forms: disabled while the call runs.
import { Button } from '@mui/material';
import { useTranslate } from '../public/kit';

export function SubmitButton({ label, submitting }: { label: string; submitting: boolean }) {
  const translate = useTranslate();
  return (
    <Button type="submit" variant="contained" fullWidth disabled={submitting} sx={{ mt: 2 }}>
      {translate(label)}
    </Button>
  );
}
