import { lazy } from 'react';
import HubIcon from '@mui/icons-material/Hub';
import { masks } from '../../access';

/** Networks (chains): everyone reads, the operator row writes. */
export const network = {
  name: 'network',
  icon: HubIcon,
  list: lazy(() => import('./NetworkViews').then((m) => ({ default: m.NetworkList }))),
  create: lazy(() => import('./NetworkViews').then((m) => ({ default: m.NetworkCreate }))),
  edit: lazy(() => import('./NetworkViews').then((m) => ({ default: m.NetworkEdit }))),
  actionMasks: { create: masks.operator, edit: masks.operator, delete: masks.operator },
};
