/**
 * Text for screen readers only: on the page, read by assistive technology, never drawn
 * (the usual clip pattern; MUI keeps the same object in @mui/utils, not a dependency of ours).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
