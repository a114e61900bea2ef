import { combine, masks, routeGroups, routeMask, type RoleMask } from '../access';
import { INVITATION_ISSUERS } from './invitation';
import { PAY_LINK_WRITERS } from './payLink';

/**
 * Who may read and who may write each resource the API serves with list / detail / save /
 * update / delete (docs/roles-and-routes.md). One table for both sides: the server registers
 * each action with its mask (server/http/crudRoutes.ts), and the console's declaration offers
 * an action only to the roles of its mask. An action without a mask does not exist.
 * Record rules (a wallet of another org, a link of another merchant) come on top, in the
 * resource's own service.
 */
export interface ResourceAccess {
  read: RoleMask;
  create?: RoleMask;
  edit?: RoleMask;
  delete?: RoleMask;
}

const operatorWrites = { read: masks.all, create: masks.operator, edit: masks.operator, delete: masks.operator };
/** Wallet writers: the wallet's org and kind decide the rest (server/modules/chainWallet/walletAccess.ts). */
const WALLET_WRITERS = combine(masks.operator, masks.allManagers);

export const RESOURCE_ACCESS = {
  chain: operatorWrites,
  currency: operatorWrites,
  chainWallet: { read: masks.all, create: WALLET_WRITERS, edit: WALLET_WRITERS, delete: WALLET_WRITERS },
  /** One record per chain: saving is setting, so create and edit are the same write. */
  contractAddress: { read: masks.excludeAgent, edit: masks.operator },
  org: { read: masks.all },
  member: { read: masks.all, edit: masks.allManagers, delete: masks.allManagers },
  invitation: { read: routeGroups.agent, create: INVITATION_ISSUERS, delete: INVITATION_ISSUERS },
  payLink: { read: routeGroups.excludeAgent, create: PAY_LINK_WRITERS, edit: PAY_LINK_WRITERS, delete: PAY_LINK_WRITERS },
  addressBook: { read: masks.all, create: masks.allManagers, edit: masks.allManagers, delete: masks.allManagers },
} as const satisfies Record<string, ResourceAccess>;

/**
 * The sign log across proposals (`/sys/sign/log/list` and its export): the roles that open
 * /multisig, where it is shown, and no other (docs/console.md "Sign log and waiting proposals").
 * A lite signer reads a proposal's own log on its page.
 */
export const SIGN_LOG_READERS: RoleMask = routeMask('/multisig');
