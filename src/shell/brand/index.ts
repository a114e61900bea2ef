export { brandStore, loadBrand, useBrand, applyBrand, DEFAULT_BRAND, type BrandConfig } from './brandStore';
export { BrandLogo } from './BrandLogo';
export { lightTheme, darkTheme } from './theme';
