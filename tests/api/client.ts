import type { CallOptions, TestServer } from './harness';
import { authenticator, enrol, type Authenticator } from './twoFactorSupport';
import { ApiPath, withId, type ResourcePaths } from '../../src/contract/apiPaths';
import type { Envelope, ListResult } from '../../src/contract/envelope';
import type { AddressBookRecord } from '../../src/contract/schemas/addressBook';
import type { AssetFlowRecord } from '../../src/contract/schemas/assetFlow';
import type { AuditEventRecord, AuditVerifyResult } from '../../src/contract/schemas/auditLog';
import type { ChainRecord } from '../../src/contract/schemas/chain';
import type { ChainWalletRecord } from '../../src/contract/schemas/chainWallet';
import type { ContractAddressRecord } from '../../src/contract/schemas/contractAddress';
import type { CurrencyRecord } from '../../src/contract/schemas/currency';
import type { InvitationRecord } from '../../src/contract/schemas/invitation';
import type { LedgerVerifyResult } from '../../src/contract/schemas/ledger';
import type { MemberRecord } from '../../src/contract/schemas/member';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import type { OrgRecord } from '../../src/contract/schemas/org';
import type { PayLinkRecord } from '../../src/contract/schemas/payLink';

/**
 * The API tests' typed client (docs/DECISIONS.md "The API tests' client and the CRUD contract suite"): `server.as(account)` signs a
 * demo account in once per server and calls as it; `.resource(ApiPath.chain)` gives the five
 * CRUD calls of docs/api.md typed by the resource's record. Every call goes through the harness's
 * `server.call`, so answers are envelopes whatever their body code: a test asserts on `code`.
 */

/** The record each resource answers with, by the `ApiPath` key of its paths. */
interface Records {
  chain: ChainRecord;
  currency: CurrencyRecord;
  chainWallet: ChainWalletRecord;
  contractAddress: ContractAddressRecord;
  org: OrgRecord;
  member: MemberRecord;
  invitation: InvitationRecord;
  payLink: PayLinkRecord;
  addressBook: AddressBookRecord;
  assetFlow: AssetFlowRecord;
  movement: MovementRecord;
  auditLog: AuditEventRecord;
}
/** The same, by list path: `resourcePaths` keeps its paths' literal types, so these tell resources apart. */
type RecordByList = { [K in keyof Records as (typeof ApiPath)[K]['list']]: Records[K] };
/** The record type of a resource's paths; `unknown` for one the contract has no record type of (a declared resource). */
export type RecordOf<P extends { list?: string }> = P['list'] extends keyof RecordByList ? RecordByList[P['list']] : unknown;

/** Query parameters and bodies as tests send them: bad input is as easy to send as good. */
export type Params = NonNullable<CallOptions['query']>;
export type Body = Record<string, unknown>;
type Id = number | string;

export interface ResourceClient<R> {
  list(params?: Params): Promise<Envelope<ListResult<R>>>;
  /** `detail?id=`; a query instead of an id for a resource keyed otherwise (contract addresses by `chainId`). */
  detail(id: Id | Params): Promise<Envelope<R>>;
  save(body: Body): Promise<Envelope<R>>;
  /** `update` with the record's `id` in the body beside the changes. */
  update(id: Id, body: Body): Promise<Envelope<R>>;
  remove(id: Id): Promise<Envelope<R>>;
}

export interface AccountClient {
  readonly account: string;
  /** The account's session token, signed in on first use and kept for the server's life. */
  token(): Promise<string>;
  /** Any call as this account (the harness's `server.call` with its token). */
  call<T = unknown>(method: 'GET' | 'POST', path: string, options?: Omit<CallOptions, 'token'>): Promise<Envelope<T>>;
  resource<P extends Partial<ResourcePaths>>(paths: P): ResourceClient<RecordOf<P>>;
  /** The operator's check of the books (docs/ledger.md "Verification"). */
  verifyLedger(): Promise<Envelope<LedgerVerifyResult>>;
  /** The operator's check of the audit trail's hash chain (docs/DECISIONS.md "Audit trail"). */
  verifyAudit(): Promise<Envelope<AuditVerifyResult>>;
  /**
   * The same session after a fresh second-factor code (docs/DECISIONS.md "Two-factor authentication
   * and step-up"): the account is enrolled on first use, which makes its sensitive writes ask for
   * step-up from then on. Each step-up moves the server clock one TOTP step (tests/api/twoFactorSupport.ts).
   */
  steppedUp(): Promise<AccountClient>;
  /** Signs in again on the next call (after the clock moved past the session lifetime). */
  forgetSession(): void;
}

function pathOf(paths: Partial<ResourcePaths>, action: keyof ResourcePaths): string {
  const path = paths[action];
  if (!path) throw new Error(`this resource has no '${action}' path (src/contract/apiPaths.ts)`);
  return path;
}

function resourceClient<R>(as: AccountClient, paths: Partial<ResourcePaths>): ResourceClient<R> {
  return {
    list: (params = {}) => as.call<ListResult<R>>('GET', pathOf(paths, 'list'), { query: params }),
    detail: (id) => as.call<R>('GET', pathOf(paths, 'detail'), { query: typeof id === 'object' ? id : { id } }),
    save: (body) => as.call<R>('POST', pathOf(paths, 'save'), { body }),
    update: (id, body) => as.call<R>('POST', pathOf(paths, 'update'), { body: { id, ...body } }),
    remove: (id) => as.call<R>('POST', withId(pathOf(paths, 'delete'), id)),
  };
}

/** `server.as`: one client per account, kept for the server's life (harness.ts). */
export function accountClients(server: TestServer): (account: string) => AccountClient {
  const clients = new Map<string, AccountClient>();
  let app: Authenticator | undefined;
  const secrets = new Map<string, string>();

  const make = (account: string): AccountClient => {
    let token: Promise<string> | undefined;
    const client: AccountClient = {
      account,
      token: () => (token ??= server.login(account)),
      call: async (method, path, options = {}) => server.call(method, path, { ...options, token: await client.token() }),
      resource: (paths) => resourceClient(client, paths),
      verifyLedger: () => client.call<LedgerVerifyResult>('GET', ApiPath.ledger.verify),
      verifyAudit: () => client.call<AuditVerifyResult>('GET', ApiPath.auditLog.verify),
      async steppedUp() {
        app ??= authenticator(server);
        let secret = secrets.get(account);
        if (!secret) {
          secret = (await enrol(server, app, await client.token())).secret;
          secrets.set(account, secret);
        }
        const res = await client.call('POST', ApiPath.account.twoFactor.stepUp, { body: { code: app.freshCode(secret) } });
        if (res.code !== 200) throw new Error(`step-up of ${account} failed: ${res.msg}`);
        return client;
      },
      forgetSession: () => {
        token = undefined;
      },
    };
    return client;
  };

  return (account) => {
    let client = clients.get(account);
    if (!client) clients.set(account, (client = make(account)));
    return client;
  };
}
