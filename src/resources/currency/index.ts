import { lazy } from 'react';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import { masks } from '../../access';

/** Currencies per chain: everyone reads, the operator row writes. */
export const currency = {
  name: 'currency',
  icon: CurrencyBitcoinIcon,
  list: lazy(() => import('./CurrencyViews').then((m) => ({ default: m.CurrencyList }))),
  create: lazy(() => import('./CurrencyViews').then((m) => ({ default: m.CurrencyCreate }))),
  edit: lazy(() => import('./CurrencyViews').then((m) => ({ default: m.CurrencyEdit }))),
  actionMasks: { create: masks.operator, edit: masks.operator, delete: masks.operator },
};
