import { MenuItem, TextField } from '@mui/material';

export interface AppBarSelectProps {
  label: string;
  value: number | '';
  options: Array<{ value: number; label: string }>;
  onChange: (value: number) => void;
  width: number;
  /** In the phone's selector panel: the panel's own colours, its whole width. */
  inPanel?: boolean;
}

/** A compact select that reads on the coloured app bar (org switcher, chain selector). */
export function AppBarSelect({ label, value, options, onChange, width, inPanel = false }: AppBarSelectProps) {
  if (inPanel) {
    return (
      <TextField select size="small" fullWidth label={label} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      variant="outlined"
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{
        width,
        mx: 1,
        '& .MuiInputBase-root': { color: 'inherit' },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,.5)' },
        '& .MuiSvgIcon-root': { color: 'inherit' },
      }}
      // The select is named by its visible label (MUI links it with aria-labelledby); an aria-label too would read it twice.
      slotProps={{ inputLabel: { sx: { color: 'inherit' } } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
