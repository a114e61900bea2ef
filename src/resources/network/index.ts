import HubIcon from '@mui/icons-material/Hub';
import { masks } from '../../access';
import { lazyScreen } from '../../shell/loading/lazyScreen';

/** Networks (chains): everyone reads, the operator row writes. */
export const network = {
  name: 'network',
  icon: HubIcon,
  list: lazyScreen<object>(() => import('./NetworkViews').then((m) => ({ default: m.NetworkList }))),
  create: lazyScreen<object>(() => import('./NetworkViews').then((m) => ({ default: m.NetworkCreate }))),
  edit: lazyScreen<object>(() => import('./NetworkViews').then((m) => ({ default: m.NetworkEdit }))),
  actionMasks: { create: masks.operator, edit: masks.operator, delete: masks.operator },
};
