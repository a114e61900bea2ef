import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { AA_BLUE, AA_INFO, AA_WARNING, baseline } from './palette';

/**
 * Both themes are given to `<Admin>` explicitly so the app bar shows react-admin's
 * light/dark toggle (its choice is kept in react-admin's store) and `<BrandLogo/>`
 * picks `logoDarkMode` under the dark one. The light theme's colours are darkened to pass WCAG AA
 * (./palette.ts, docs/accessibility.md "Colour"); the dark theme's colours already pass.
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: AA_BLUE,
    secondary: AA_BLUE,
    warning: AA_WARNING,
    info: AA_INFO,
  },
  components: { ...defaultLightTheme.components, ...baseline('#1565c0') },
};

export const darkTheme: RaThemeOptions = { ...defaultDarkTheme, components: { ...defaultDarkTheme.components, ...baseline('#90caf9') } };
