import { useTheme } from '@mui/material/styles';
import { useBrand } from './brandStore';

/** The brand logo; the dark-mode variant under the dark theme. */
export function BrandLogo({ height = 32 }: { height?: number }) {
  const brand = useBrand();
  const dark = useTheme().palette.mode === 'dark';
  const src = (dark && brand.logoDarkMode) || brand.logo;
  if (!src) return null;
  return <img src={src} alt={brand.brandName} style={{ height, display: 'block' }} />;
}
