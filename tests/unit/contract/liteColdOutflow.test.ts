import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_NAMES } from '../../../src/access';
import { walletOutflowRefusal } from '../../../src/contract/movement';
import { proposalPagePath, proposalQueuePath } from '../../../src/resources/multisig/proposalPage';

/** docs/DECISIONS.md "Lite signers and the lite cold wallet", spelt out role by role. */
describe('money out of the lite multisig cold wallet', () => {
  const starters = ['superAdmin', 'agentManager', 'merchantProManager', 'merchantStdManager', 'merchantLiteManager'];

  it.each(ROLE_NAMES)(
    '%s: starts out of MultiSigColdLite only as a cold admin or the lite manager (the server adds: of the selected org)',
    (role) => {
      for (const kind of ['transfer', 'withdraw', 'refund']) {
        expect(walletOutflowRefusal(ROLES[role], kind, 'MultiSigColdLite')).toBe(
          starters.includes(role) ? null : 'validation.liteColdManager',
        );
      }
    },
  );

  it("the lite manager gains nothing on other tiers' cold wallets, nor on a plain cold wallet", () => {
    for (const walletKind of ['Cold', 'MultiSigCold', 'MultiSigColdStd'])
      expect(walletOutflowRefusal(ROLES.merchantLiteManager, 'withdraw', walletKind)).toBe('validation.coldWalletAdmins');
  });
});

describe('where a proposal opens', () => {
  it('the queue for the roles of /multisig, the lite wallets for the lite row', () => {
    expect(proposalPagePath(ROLES.merchantProEmployee, 7)).toBe('/multisig/7/show');
    expect(proposalPagePath(ROLES.agentEmployee, 7)).toBe('/multisig/7/show');
    for (const role of [ROLES.merchantLiteManager, ROLES.merchantLiteEmployee]) {
      expect(proposalPagePath(role, 7)).toBe('/merchant-lite-wallet/proposal/7');
      expect(proposalQueuePath(role)).toBe('/merchant-lite-wallet');
    }
    expect(proposalPagePath(null, 7)).toBeNull();
    expect(proposalQueuePath(null)).toBeNull();
  });
});
