import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/serverContext';
import { registerAccountRoutes } from './account/routes';
import { registerAssetFlowRoutes } from './assetFlow/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerBrandRoutes } from './brand/routes';
import { registerChainRoutes } from './chain/routes';
import { registerChainWalletRoutes } from './chainWallet/routes';
import { registerDashboardRoutes } from './dashboard/routes';
import { registerLedgerRoutes } from './ledger/routes';
import { registerAuditLogRoutes } from './auditLog/routes';
import { registerSignRoutes } from './sign/routes';
import { registerContractAddressRoutes } from './contractAddress/routes';
import { registerCurrencyRoutes } from './currency/routes';
import { registerInvitationRoutes } from './invitation/routes';
import { registerMemberRoutes } from './member/routes';
import { registerOrderRepairRoutes } from './orderRepair/routes';
import { registerMovementRoutes } from './movement/routes';
import { registerPayLinkRoutes } from './payLink/routes';
import { registerReportRoutes } from './report/routes';
import { registerOrgRoutes } from './org/routes';
import { registerHealthRoutes } from './health/routes';
import { registerPolicyRoutes } from './policy/routes';
import { registerAddressBookRoutes } from './addressBook/routes';
import { registerTwoFactorRoutes } from './twoFactor/routes';
import { registerDeclaredRoutes } from './declared/routes';
import { registerSigningKeyRoutes } from './signingKey/routes';
import { registerDevnetRoutes } from './devnet/routes';

/** Every API module; each declares its routes with their access masks. */
export const modules: Array<(app: FastifyInstance, context: ServerContext) => void> = [
  registerAuthRoutes,
  registerBrandRoutes,
  registerChainRoutes,
  registerCurrencyRoutes,
  registerChainWalletRoutes,
  registerSignRoutes,
  registerContractAddressRoutes,
  registerOrgRoutes,
  registerMemberRoutes,
  registerInvitationRoutes,
  registerAssetFlowRoutes,
  registerLedgerRoutes,
  registerAuditLogRoutes,
  registerReportRoutes,
  registerPayLinkRoutes,
  registerMovementRoutes,
  registerPolicyRoutes,
  registerAddressBookRoutes,
  registerOrderRepairRoutes,
  registerDashboardRoutes,
  registerAccountRoutes,
  registerTwoFactorRoutes,
  registerSigningKeyRoutes,
  registerDevnetRoutes,
  registerHealthRoutes,
  // Resources a declaration alone serves (src/resources/<name>/resource.ts).
  registerDeclaredRoutes,
];
