import type { Migration } from 'kysely';
import * as core from './001_core';
import * as wallets from './002_wallets';
import * as proposals from './003_proposals';
import * as proposalQueue from './004_proposal_queue';
import * as invitation from './005_invitation';
import * as payments from './006_payments';
import * as sessionId from './007_session_id';
import * as orderRepair from './008_order_repair';
import * as memberInvitation from './009_member_invitation';
import * as movement from './010_movement';
import * as chainTransfer from './011_chain_transfer';
import * as multisigGovernance from './012_multisig_governance';
import * as invitationInvitee from './013_invitation_invitee';
import * as reportSearch from './014_report_search';
import * as auditEvent from './015_audit_event';
import * as ledger from './016_ledger';
import * as orderVolume from './017_order_volume';
import * as changeFeed from './018_change_feed';
import * as sharedState from './019_shared_state';
import * as policy from './020_policy';
import * as twoFactor from './021_two_factor';
import * as sessionUse from './022_session_use';

/**
 * Versioned migrations, applied in key order at start. Never edit a released one:
 * add the next number.
 */
export const migrations: Record<string, Migration> = {
  '001_core': core,
  '002_wallets': wallets,
  '003_proposals': proposals,
  '004_proposal_queue': proposalQueue,
  '005_invitation': invitation,
  '006_payments': payments,
  '007_session_id': sessionId,
  '008_order_repair': orderRepair,
  '009_member_invitation': memberInvitation,
  '010_movement': movement,
  '011_chain_transfer': chainTransfer,
  '012_multisig_governance': multisigGovernance,
  '013_invitation_invitee': invitationInvitee,
  '014_report_search': reportSearch,
  '015_audit_event': auditEvent,
  '016_ledger': ledger,
  '017_order_volume': orderVolume,
  '018_change_feed': changeFeed,
  '019_shared_state': sharedState,
  '020_policy': policy,
  '021_two_factor': twoFactor,
  '022_session_use': sessionUse,
};
