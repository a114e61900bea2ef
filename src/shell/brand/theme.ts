import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * Both themes are given to `<Admin>` explicitly so the app bar shows react-admin's
 * light/dark toggle (its choice is kept in react-admin's store) and `<BrandLogo/>`
 * picks `logoDarkMode` under the dark one.
 */
export const lightTheme: RaThemeOptions = defaultLightTheme;
export const darkTheme: RaThemeOptions = defaultDarkTheme;
