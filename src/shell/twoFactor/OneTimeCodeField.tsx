import { TextField, type TextFieldProps } from '@mui/material';

/**
 * The input of a two-factor code, wherever one is asked (sign-in, enrolment, step-up): the
 * browser and password managers offer the code (`one-time-code`), phones show digits.
 */
export function OneTimeCodeField({
  testId,
  ...props
}: Omit<TextFieldProps, 'autoComplete' | 'slotProps' | 'required'> & { testId: string }) {
  return (
    <TextField
      {...props}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testId } }}
      required
    />
  );
}
