import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import type { RoleName } from '../../../src/access';
import chain from '../../../src/resources/chain/resource';
import currencyDeclaration from '../../../src/resources/currency/resource';
import chainWalletDeclaration from '../../../src/resources/chainWallet/resource';
import { multisig } from '../../../src/resources/multisig';
import { defineResource } from '../../../src/resources/engine';
import HomePage from '../../../src/pages/home/HomePage';
import { mountAdmin } from './harness';

/** The screens /home reads: networks (the `chain` declaration), currencies, wallets and proposals. */
const homeResources = [defineResource(chain), defineResource(currencyDeclaration), defineResource(chainWalletDeclaration), multisig];

/** The /home dashboard inside `<Admin>` as `role`, with the declarations it reads (the test answers their calls). */
export function mountHome(role: RoleName = 'superAdmin') {
  mountAdmin(
    homeResources,
    '/home',
    role,
    <CustomRoutes>
      <Route path="/home" element={<HomePage />} />
    </CustomRoutes>,
  );
}
