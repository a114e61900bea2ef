import type { SigningFailure } from '../../../src/signing/approvalSignature';
import { TRANSACTION_FACTS } from '../../../src/resources/multisig/ProposalChainFacts';
import { describe, expect, it } from 'vitest';
import { ROLE_NAMES, ROLES, TENANT_ROWS, levelOfRoleIndex, roleLevelLabel, tenantOfRoleIndex, tenantTypeName } from '../../../src/access';
import { LANGUAGES } from '../../../src/contract/constants';
import {
  PROPOSAL_KINDS,
  PROPOSAL_STATUSES,
  SIGN_ACTIONS,
  SIGNER_STATES,
  WALLET_KINDS,
  walletKindKey,
} from '../../../src/contract/contractKinds';
import { auditEntityKey } from '../../../src/resources/auditLog/auditValues';
import { PROPOSAL_ACTIONS } from '../../../src/contract/proposalMachine';
import { ORDER_REPORTS, ORDER_STATUSES } from '../../../src/contract/report';
import { REPAIR_ACTIONS } from '../../../src/contract/orderRepair';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, PROPOSAL_STEPS } from '../../../src/contract/audit';
import { LEDGER_BREAK_KINDS } from '../../../src/contract/schemas/ledger';
import { LEDGER_REASONS } from '../../../src/contract/ledger';
import { MOVEMENT_KINDS } from '../../../src/contract/movement';
import { PASSWORD_FIELDS } from '../../../src/pages/account/PasswordCard';
import { RECREDIT_FIELDS } from '../../../src/pages/orderRepair/OrderRepairPage';
import { SIGNUP_FIELDS } from '../../../src/pages/signup/SignUpPage';
import { IMAGE_FIELDS } from '../../../src/shell/brand/BrandEditor';
import { MENU_GROUP_ORDER } from '../../../src/shell/menu/menuSections';
import { EMPTY_KINDS, REPORT_KINDS } from '../../../src/resources/reports/reportPaths';
import { RULE_FIELDS } from '../../../src/pages/policy/RuleForm';
import { TEST_FIELDS } from '../../../src/pages/policy/PolicyTest';
import { POLICY_ACTIONS, POLICY_DESTINATIONS } from '../../../src/contract/policy';
import { WEBHOOK_DELIVERY_STATES } from '../../../src/contract/webhook';
import { DELIVERY_COLUMNS } from '../../../src/resources/webhook/WebhookShow';
import { hasText, readCatalogue, sourcesUnder } from './catalogues';

/** Keys i18next picks by count: `<key>_one` and `<key>_other`. */
const plural = (values: readonly string[], counted: readonly string[]) =>
  values.flatMap((v) => (counted.includes(v) ? [`${v}_one`, `${v}_other`] : [v]));

/**
 * Keys the console builds at run time (`translate(\`multisig.status.${status}\`)`) escape the
 * literal scan of completeness.test.ts. Each family lists the values its code can meet,
 * taken from where the code takes them, so a new value without a translation fails here.
 */
/** Why the console could not sign an approval (src/signing/approvalSignature.ts). */
const SIGNING_FAILURES: readonly SigningFailure[] = ['noKey', 'wrongPassphrase'];
const families: Record<string, readonly string[]> = {
  brand: IMAGE_FIELDS,
  menuGroup: MENU_GROUP_ORDER,
  tenant: TENANT_ROWS.map((row) => tenantTypeName(row) ?? `row ${row} has no name`),
  role: ROLE_NAMES.map((name) => roleLevelLabel(tenantOfRoleIndex(ROLES[name]), levelOfRoleIndex(ROLES[name]))),
  'multisig.kind': PROPOSAL_KINDS,
  'multisig.status': PROPOSAL_STATUSES,
  'multisig.signer': [...SIGNER_STATES, 'noVote'],
  'multisig.pending': PROPOSAL_ACTIONS,
  'multisig.done': PROPOSAL_ACTIONS,
  'multisig.log.action': SIGN_ACTIONS,
  // The sign log tab's action words and a movement screen's "none waits" line.
  'multisig.signLog.actions': SIGN_ACTIONS,
  'multisig.waitingProposals.empty': MOVEMENT_KINDS,
  'multisig.signing': SIGNING_FAILURES,
  'multisig.tx': TRANSACTION_FACTS,
  account: PASSWORD_FIELDS,
  signup: SIGNUP_FIELDS,
  orderRepair: RECREDIT_FIELDS,
  'orderRepair.kinds': ORDER_REPORTS,
  'orderRepair.actions': REPAIR_ACTIONS,
  'report.status': ORDER_STATUSES,
  'report.totals': REPORT_KINDS,
  'report.empty': EMPTY_KINDS.flatMap((kind) => [`${kind}.none`, `${kind}.filtered`]),
  'auditLog.action': AUDIT_ACTIONS,
  'auditLog.entity': AUDIT_ENTITIES,
  walletKind: WALLET_KINDS,
  'auditLog.proposalStep': PROPOSAL_STEPS,
  // Why the approve dialog asks no passphrase (src/signing/signingReadiness.ts).
  'multisig.noKey': ['none', 'elsewhere', 'mismatch'],
  'ledger.break': LEDGER_BREAK_KINDS,
  'policy.fields': RULE_FIELDS,
  'policy.test': TEST_FIELDS,
  'policy.destination': POLICY_DESTINATIONS,
  'policy.action': POLICY_ACTIONS,
  'policy.when': POLICY_DESTINATIONS.filter((d) => d !== 'any'),
  'policy.then': plural(POLICY_ACTIONS, ['require', 'requireMore']),
  'policy.outcome': plural(['allow', 'block', 'approvals'], ['approvals']),
  // The order drawer's ledger entries, named as the asset flow names their reasons.
  'resources.asset-flow.reasons': LEDGER_REASONS.map((reason) => reason.replace(/ (\w)/g, (_, c: string) => c.toUpperCase())),
  // A webhook endpoint's delivery log: its columns and a delivery's states.
  'resources.webhook.delivery': [...DELIVERY_COLUMNS],
  'resources.webhook.deliveryStatus': [...WEBHOOK_DELIVERY_STATES],
};

describe('keys built from a value', () => {
  const built = new Set<string>();
  for (const text of sourcesUnder('src')) for (const match of text.matchAll(/\b(?:translate|t)\(\s*`([\w.-]+)\.\$\{/g)) built.add(match[1]);
  // Key builders shared by several screens: their family is the key less its value.
  for (const key of [walletKindKey('Hot'), auditEntityKey('wallet')]) built.add(key.slice(0, key.lastIndexOf('.')));

  it('every family the console builds is listed here, and only those', () => {
    expect(built.size).toBeGreaterThan(0);
    expect([...built].sort()).toEqual(Object.keys(families).sort());
  });

  describe.each(LANGUAGES)('%s', (lng) => {
    const catalogue = readCatalogue(lng, 'translation');
    it.each(Object.entries(families))('%s.<value> for every value', (prefix, values) => {
      expect(values.length).toBeGreaterThan(0);
      expect(values.map((value) => `${prefix}.${value}`).filter((key) => !hasText(catalogue, key))).toEqual([]);
    });
  });
});
