import { useTheme } from '@mui/material/styles';
import { useBrand } from './brandStore';

/**
 * The brand logo; the dark-mode variant under the dark theme and on a coloured ground (`onColour`:
 * the app bar, blue in the light theme), where the dark logo would vanish. A brand with one logo
 * only shows it there on a light plate, so it stays readable on any bar colour.
 */
export function BrandLogo({ height = 32, onColour = false }: { height?: number; onColour?: boolean }) {
  const brand = useBrand();
  const dark = useTheme().palette.mode === 'dark';
  const src = ((dark || onColour) && brand.logoDarkMode) || brand.logo;
  if (!src) return null;
  const plate = onColour && !brand.logoDarkMode;
  return (
    <img
      src={src}
      alt={brand.brandName}
      data-testid={onColour ? 'app-bar-logo' : undefined}
      style={{ height, display: 'block', ...(plate ? { background: '#fff', borderRadius: 4, padding: 2 } : {}) }}
    />
  );
}
