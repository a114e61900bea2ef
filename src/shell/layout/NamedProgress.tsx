import { useCallback, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Every progress bar and spinner inside the console is named "Loading…" in the current
 * language (docs/accessibility.md "Structure"): react-admin draws them (a reference input
 * fetching its choices, the app bar's refresh) without a name, which a screen reader announces as
 * an unnamed progress bar. A theme of MUI default props reaches every one of them, in dialogs too.
 */
export function NamedProgress({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const name = translate('app.loading');
  // The same function while the language stays, so MUI keeps its merged theme between renders.
  const named = useCallback(
    (outer: object & { components?: object }) => ({
      ...outer,
      components: {
        ...outer.components,
        MuiLinearProgress: { defaultProps: { 'aria-label': name } },
        MuiCircularProgress: { defaultProps: { 'aria-label': name } },
      },
    }),
    [name],
  );
  return <ThemeProvider theme={named}>{children}</ThemeProvider>;
}
