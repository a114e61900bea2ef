import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * Both themes are given to `<Admin>` explicitly so the app bar shows react-admin's
 * light/dark toggle (its choice is kept in react-admin's store) and `<BrandLogo/>`
 * picks `logoDarkMode` under the dark one.
 *
 * The light theme darkens react-admin's blues (docs/accessibility.md "Colour"): white on its
 * app-bar blue (#2196f3) is 3.1:1 and its primary (#1976d2) on the page background 4.4:1, both
 * under WCAG AA's 4.5:1 for text. Blue 800 (#1565c0) gives 5.8:1 with white and 5.5:1 on the
 * background, and keeps the console's look. MUI's warning (#ed6c02) and info (#0288d1) carry
 * white chip text at 3.1:1 and 3.9:1: darkened the same way (5.0:1, 4.8:1). The dark theme's
 * colours already pass.
 */
const AA_BLUE = { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' };

/**
 * For both themes (docs/accessibility.md "Keyboard" and "Motion"): whatever has the keyboard's
 * focus is outlined (MUI draws only a faint ripple, invisible on many buttons and menu items),
 * and a system asking for less motion gets none (transitions and animations end at once).
 */
const baseline = (focusColour: string) => ({
  MuiCssBaseline: {
    styleOverrides: {
      ':focus-visible': { outline: `2px solid ${focusColour} !important`, outlineOffset: '2px' },
      // On the app bar's own colour the ring takes the bar's text colour.
      '.MuiAppBar-root :focus-visible': { outlineColor: 'currentColor !important' },
      // Focus put by script on something no key reaches (tabindex -1: the title after navigation,
      // src/shell/layout/FocusTitleOnNavigate.tsx) marks a reading position, not a control: no ring.
      '[tabindex="-1"]:focus-visible': { outline: 'none !important' },
      '@media (prefers-reduced-motion: reduce)': {
        '*, *::before, *::after': {
          animationDuration: '0.01ms !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0.01ms !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  },
});

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: AA_BLUE,
    secondary: AA_BLUE,
    warning: { main: '#b45309', contrastText: '#fff' },
    info: { main: '#0277bd', contrastText: '#fff' },
  },
  components: { ...defaultLightTheme.components, ...baseline('#1565c0') },
};

export const darkTheme: RaThemeOptions = { ...defaultDarkTheme, components: { ...defaultDarkTheme.components, ...baseline('#90caf9') } };
