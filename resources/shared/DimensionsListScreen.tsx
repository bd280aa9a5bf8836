import { Box } from '@mui/material';
import { SpecList, type SpecListProps } from '../../src/admin-kit/list/SpecList';
import { DimensionsFailure } from './DimensionsFailure';

/**
 * A list whose labels come from the resource's dimensions (data sources, platform
 * connections): 'Failed to fetch dimensions.' above the list when they did not load
 * (SPEC §8), the list itself either way (its labels then fall back to internal names).
 */
export function DimensionsListScreen({
  dimensionsError,
  ...list
}: SpecListProps & {
  /** the dimensions fetch's error, if any */
  dimensionsError: unknown;
}) {
  return (
    <>
      {dimensionsError ? (
        <Box sx={{ px: { xs: 1, sm: 2 }, pt: { xs: 1, sm: 2 } }}>
          <DimensionsFailure error={dimensionsError} />
        </Box>
      ) : null}
      <SpecList {...list} />
    </>
  );
}
