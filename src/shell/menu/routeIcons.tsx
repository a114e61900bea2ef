import type { ComponentType } from 'react';
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
import BuildIcon from '@mui/icons-material/Build';
import PersonIcon from '@mui/icons-material/Person';
import PaletteIcon from '@mui/icons-material/Palette';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';

/** Icon and menu group of each guarded route (the route list itself lives in src/access). */
export const routeIcons: Record<string, ComponentType> = {
  '/home': HomeIcon,
  '/network': HubIcon,
  '/currency': CurrencyBitcoinIcon,
  '/multisig': DrawIcon,
  '/transfer': SwapHorizIcon,
  '/withdraw': OutboxIcon,
  '/refund': UndoIcon,
  '/supply': AddCardIcon,
  '/supply-history': HistoryIcon,
  '/merchant-pro-wallet': AccountBalanceWalletIcon,
  '/merchant-std-wallet': AccountBalanceWalletIcon,
  '/merchant-lite-wallet': AccountBalanceWalletIcon,
  '/operator': BusinessIcon,
  '/agent': BusinessIcon,
  '/merchant-pro': StorefrontIcon,
  '/merchant-std': StorefrontIcon,
  '/merchant-lite': StorefrontIcon,
  '/aggregate': MergeTypeIcon,
  '/member': GroupIcon,
  '/contract-address': DescriptionIcon,
  '/invitation': MailIcon,
  '/asset-flow': TimelineIcon,
  '/asset-flow-lite': TimelineIcon,
  '/pay-link': LinkIcon,
  '/payment-report': AssessmentIcon,
  '/linkpay-report': AssessmentIcon,
  '/recharge-report': AssessmentIcon,
  '/gas-report': LocalGasStationIcon,
  '/order-repair': BuildIcon,
  '/account': PersonIcon,
  '/brand': PaletteIcon,
};
