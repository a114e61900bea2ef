/**
 * The console's colours and focus ring without react-admin (docs/accessibility.md "Colour",
 * "Keyboard", "Motion"): the console's themes (./theme.ts) and the payer's checkout pages
 * (src/checkout, a separate entry that loads no react-admin) share them.
 *
 * The light theme darkens react-admin's blues: white on its app-bar blue (#2196f3) is 3.1:1 and its
 * primary (#1976d2) on the page background 4.4:1, both under WCAG AA's 4.5:1 for text. Blue 800
 * (#1565c0) gives 5.8:1 with white and 5.5:1 on the background, and keeps the console's look. MUI's
 * warning (#ed6c02) and info (#0288d1) carry white chip text at 3.1:1 and 3.9:1: darkened the same
 * way (5.0:1, 4.8:1).
 */
export const AA_BLUE = { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' };
export const AA_WARNING = { main: '#b45309', contrastText: '#fff' };
export const AA_INFO = { main: '#0277bd', contrastText: '#fff' };

/**
 * For every theme: whatever has the keyboard's focus is outlined (MUI draws only a faint ripple,
 * invisible on many buttons and menu items), and a system asking for less motion gets none
 * (transitions and animations end at once).
 */
export const baseline = (focusColour: string) => ({
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
