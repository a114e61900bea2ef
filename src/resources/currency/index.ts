import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import { masks } from '../../access';
import { lazyScreen } from '../../shell/loading/lazyScreen';

/** Currencies per chain: everyone reads, the operator row writes. */
export const currency = {
  name: 'currency',
  icon: CurrencyBitcoinIcon,
  list: lazyScreen<object>(() => import('./CurrencyViews').then((m) => ({ default: m.CurrencyList }))),
  create: lazyScreen<object>(() => import('./CurrencyViews').then((m) => ({ default: m.CurrencyCreate }))),
  edit: lazyScreen<object>(() => import('./CurrencyViews').then((m) => ({ default: m.CurrencyEdit }))),
  actionMasks: { create: masks.operator, edit: masks.operator, delete: masks.operator },
};
