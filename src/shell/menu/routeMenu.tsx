import type { MenuEntry } from '../../resources/engine';
import HomeIcon from '@mui/icons-material/Home';
import BusinessIcon from '@mui/icons-material/Business';
import StorefrontIcon from '@mui/icons-material/Storefront';
import PolicyIcon from '@mui/icons-material/Policy';
import BuildIcon from '@mui/icons-material/Build';
import PersonIcon from '@mui/icons-material/Person';
import PaletteIcon from '@mui/icons-material/Palette';

/**
 * Icon and menu group of the guarded routes that are pages, not declared resources (a
 * declaration brings its own icon and group). The route list itself lives in src/access.
 */
export const routeMenu: Record<string, Pick<MenuEntry, 'icon' | 'group'>> = {
  '/home': { icon: HomeIcon, group: 'overview' },
  '/operator': { icon: BusinessIcon, group: 'orgs' },
  '/agent': { icon: BusinessIcon, group: 'orgs' },
  '/merchant-pro': { icon: StorefrontIcon, group: 'orgs' },
  '/merchant-std': { icon: StorefrontIcon, group: 'orgs' },
  '/merchant-lite': { icon: StorefrontIcon, group: 'orgs' },
  '/order-repair': { icon: BuildIcon, group: 'money' },
  '/policy': { icon: PolicyIcon, group: 'money' },
  '/account': { icon: PersonIcon, group: 'settings' },
  '/brand': { icon: PaletteIcon, group: 'settings' },
};
