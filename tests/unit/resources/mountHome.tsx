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

/**
 * Answers every read of /home with nothing (no network, currency, proposal or wallet, an empty
 * period): a test answers afterwards what it looks at, the later answer taking precedence.
 */
export function answerHomeReads() {
  answer('get', ApiPath.chain.list, { list: [], count: 0 });
  answer('get', ApiPath.currency.list, { list: [], count: 0 });
  answer('get', ApiPath.sign.list, { list: [], count: 0 });
  answer('get', ApiPath.chainWallet.list, { list: [], count: 0 });
  answer('get', ApiPath.dashboard, { from: '2026-01-01', to: '2026-01-30', volume: [] });
}
