import { Box } from '@mui/material';
import { SpecList, type SpecListProps } from '../../src/admin-kit/list/SpecList';
import { TypeDefinitionsFailure } from './TypeDefinitionsFailure';

/**
 * A list whose labels come from the resource's type definitions (data sources, platform
 * connections; the API calls them "dimensions"): 'Failed to fetch dimensions.' above the list
 * when they did not load (SPEC §8), the list itself either way (its labels then fall back to
 * internal names).
 */
export function TypeLabelledList({
  typeDefinitionsError,
  ...list
}: SpecListProps & {
  /** the type definitions' fetch error, if any */
  typeDefinitionsError: unknown;
}) {
  return (
    <>
      {typeDefinitionsError ? (
        <Box sx={{ px: { xs: 1, sm: 2 }, pt: { xs: 1, sm: 2 } }}>
          <TypeDefinitionsFailure error={typeDefinitionsError} />
        </Box>
      ) : null}
      <SpecList {...list} />
    </>
  );
}
