import type { MenuEntry } from '../../resources/engine';
import HomeIcon from '@mui/icons-material/Home';
import HubIcon from '@mui/icons-material/Hub';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import DrawIcon from '@mui/icons-material/Draw';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import OutboxIcon from '@mui/icons-material/Outbox';
import UndoIcon from '@mui/icons-material/Undo';
import AddCardIcon from '@mui/icons-material/AddCard';
import HistoryIcon from '@mui/icons-material/History';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BusinessIcon from '@mui/icons-material/Business';
import StorefrontIcon from '@mui/icons-material/Storefront';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import GroupIcon from '@mui/icons-material/Group';
import DescriptionIcon from '@mui/icons-material/Description';
import MailIcon from '@mui/icons-material/Mail';
import TimelineIcon from '@mui/icons-material/Timeline';
import LinkIcon from '@mui/icons-material/Link';
import AssessmentIcon from '@mui/icons-material/Assessment';
import PolicyIcon from '@mui/icons-material/Policy';
import ContactsIcon from '@mui/icons-material/Contacts';
import BuildIcon from '@mui/icons-material/Build';
import PersonIcon from '@mui/icons-material/Person';
import PaletteIcon from '@mui/icons-material/Palette';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';

/**
 * Icon and menu group of every guarded route; a declared resource's own icon and
 * group take precedence. The route list itself lives in src/access.
 */
export const routeMenu: Record<string, Pick<MenuEntry, 'icon' | 'group'>> = {
  '/home': { icon: HomeIcon, group: 'overview' },
  '/network': { icon: HubIcon, group: 'chains' },
  '/currency': { icon: CurrencyBitcoinIcon, group: 'chains' },
  '/multisig': { icon: DrawIcon, group: 'money' },
  '/transfer': { icon: SwapHorizIcon, group: 'money' },
  '/withdraw': { icon: OutboxIcon, group: 'money' },
  '/refund': { icon: UndoIcon, group: 'money' },
  '/supply': { icon: AddCardIcon, group: 'money' },
  '/supply-history': { icon: HistoryIcon, group: 'money' },
  '/merchant-pro-wallet': { icon: AccountBalanceWalletIcon, group: 'wallets' },
  '/merchant-std-wallet': { icon: AccountBalanceWalletIcon, group: 'wallets' },
  '/merchant-lite-wallet': { icon: AccountBalanceWalletIcon, group: 'wallets' },
  '/operator': { icon: BusinessIcon, group: 'orgs' },
  '/agent': { icon: BusinessIcon, group: 'orgs' },
  '/merchant-pro': { icon: StorefrontIcon, group: 'orgs' },
  '/merchant-std': { icon: StorefrontIcon, group: 'orgs' },
  '/merchant-lite': { icon: StorefrontIcon, group: 'orgs' },
  '/aggregate': { icon: MergeTypeIcon, group: 'wallets' },
  '/member': { icon: GroupIcon, group: 'orgs' },
  '/contract-address': { icon: DescriptionIcon, group: 'chains' },
  '/invitation': { icon: MailIcon, group: 'orgs' },
  '/asset-flow': { icon: TimelineIcon, group: 'reports' },
  '/asset-flow-lite': { icon: TimelineIcon, group: 'reports' },
  '/pay-link': { icon: LinkIcon, group: 'money' },
  '/payment-report': { icon: AssessmentIcon, group: 'reports' },
  '/linkpay-report': { icon: AssessmentIcon, group: 'reports' },
  '/recharge-report': { icon: AssessmentIcon, group: 'reports' },
  '/gas-report': { icon: LocalGasStationIcon, group: 'reports' },
  '/order-repair': { icon: BuildIcon, group: 'money' },
  '/policy': { icon: PolicyIcon, group: 'money' },
  '/address-book': { icon: ContactsIcon, group: 'money' },
  '/audit-log': { icon: ManageSearchIcon, group: 'settings' },
  '/account': { icon: PersonIcon, group: 'settings' },
  '/brand': { icon: PaletteIcon, group: 'settings' },
};
