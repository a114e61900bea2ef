import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { darkTheme, lightTheme } from '../shell/brand/theme';
import { initialThemeMode } from '../shell/brand/themeMode';
import { ToastLayer } from '../shell/toast/ToastLayer';

/** What the start-up views share with the console: its theme (light or dark) and the toast layer. */
export function StartupFrame({ children }: { children: ReactNode }) {
  const theme = useMemo(() => createTheme(initialThemeMode() === 'dark' ? darkTheme : lightTheme), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <ToastLayer />
    </ThemeProvider>
  );
}
