import { useState } from 'react';
import { Box, Checkbox, FormControlLabel, Slider } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RATING_FIELDS, type RatingField } from '../../types/api';
import type { ListFilterProps } from '../../src/admin-kit/list/types';
import { RATING_SLIDER_STEP, rangeFilterValues, rangeOf, sliderBounds, toStep, type Range } from './ratingRange';
import { useProfileFilterOptions } from './useProfileFilterOptions';

/** The four rating sliders, each behind its enabling checkbox (SPEC §4 Profile range filters). */
export function RatingRangeFilters({ values, onChange }: ListFilterProps) {
  const dimensions = useProfileFilterOptions();
  return (
    <Box
      sx={{
        width: '100%',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        columnGap: 4,
      }}
    >
      {RATING_FIELDS.map((field) => {
        const bounds = sliderBounds(dimensions, field);
        return (
          <RatingRangeFilter
            key={field}
            field={field}
            bounds={bounds}
            range={rangeOf(values, field, bounds)}
            onChange={(range) => onChange(rangeFilterValues(field, range))}
          />
        );
      })}
    </Box>
  );
}

function RatingRangeFilter({
  field,
  bounds,
  range,
  onChange,
}: {
  field: RatingField;
  bounds: Range;
  /** undefined: the filter is off */
  range: Range | undefined;
  onChange: (range: Range | undefined) => void;
}) {
  const translate = useTranslate();
  const label = translate(`resources.profiles.fields.${field}`);
  const enabled = range !== undefined;
  const [low, high] = range ?? bounds;
  // While a thumb is dragged the slider moves alone; the address changes once, on release. A new
  // range from the address resets it during the render (React's way to adjust state to a prop:
  // an effect would render every slider a second time as the screen mounts).
  const [shown, setShown] = useState<Range>([low, high]);
  const [resetFrom, setResetFrom] = useState<Range>([low, high]);
  if (resetFrom[0] !== low || resetFrom[1] !== high) {
    setResetFrom([low, high]);
    setShown([low, high]);
  }

  return (
    <Box sx={{ px: 1, minWidth: 0 }}>
      <FormControlLabel
        control={<Checkbox size="small" checked={enabled} onChange={(event) => onChange(event.target.checked ? shown : undefined)} />}
        label={label}
      />
      {/* the padding keeps the thumbs and their value labels inside the column */}
      <Box sx={{ px: 1.5 }}>
        <Slider
          size="small"
          value={shown}
          min={bounds[0]}
          max={bounds[1]}
          step={RATING_SLIDER_STEP}
          disabled={!enabled}
          valueLabelDisplay="auto"
          getAriaLabel={(thumb) =>
            translate(thumb === 0 ? 'resources.profiles.filters.range_minimum' : 'resources.profiles.filters.range_maximum', {
              label,
            })
          }
          onChange={(_event, next) => setShown(next as Range)}
          onChangeCommitted={(_event, next) => {
            const [from, to] = next as Range;
            onChange([toStep(from), toStep(to)]);
          }}
        />
      </Box>
    </Box>
  );
}
