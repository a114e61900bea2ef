import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import type { RoleName } from '../../../src/access';
import chain from '../../../src/resources/chain/resource';
import currencyDeclaration from '../../../src/resources/currency/resource';
import chainWalletDeclaration from '../../../src/resources/chainWallet/resource';
import { multisig } from '../../../src/resources/multisig';
import { defineResource } from '../../../src/resources/engine';
import HomePage from '../../../src/pages/home/HomePage';
import { ApiPath } from '../../../src/contract/apiPaths';
import type { FailingWebhook } from '../../../src/contract/schemas/webhook';
import { answer, mountAdmin } from './harness';

/** The screens /home reads: networks (the `chain` declaration), currencies, wallets and proposals. */
const homeResources = [defineResource(chain), defineResource(currencyDeclaration), defineResource(chainWalletDeclaration), multisig];

/**
 * The /home dashboard inside `<Admin>` as `role`, with the declarations it reads (the test answers
 * their calls); the server's failing webhook endpoints are answered here: none unless given.
 */
export function mountHome(role: RoleName = 'superAdmin', failingWebhooks: FailingWebhook[] = []) {
  answer('get', ApiPath.webhook.failing, { list: failingWebhooks });
  mountAdmin(
    homeResources,
    '/home',
    role,
    <CustomRoutes>
      <Route path="/home" element={<HomePage />} />
    </CustomRoutes>,
  );
}
