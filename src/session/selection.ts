import type { OrgMembership } from '../contract/schemas/auth';
import type { ChainMode } from '../contract/schemas/chain';

/** A chain as the console holds it (chainList entries carry chainId and isDefault; docs/console.md). */
export interface ChainRef {
  id?: number;
  chainId: number;
  name: string;
  isDefault: boolean;
  family?: string;
  symbol?: string;
  explorerUrl?: string;
  /** 'rpc': a real network its explorer sees; 'devnet' and 'simulated': nothing outside the console sees it. */
  mode?: ChainMode;
}

/** The chain rule (docs/console.md): the remembered chain if it is still listed, else the `isDefault` one (else none). */
export function selectChain(chainList: readonly ChainRef[], remembered: ChainRef | null): ChainRef | null {
  if (remembered) {
    const still = chainList.find((c) => c.chainId === remembered.chainId);
    if (still) return still;
  }
  return chainList.find((c) => c.isDefault) ?? null;
}

/** The org rule (docs/console.md): the previously selected org if it is still in the list, else the first. */
export function selectOrg(orgList: readonly OrgMembership[], previousOrgId: number | null): OrgMembership | null {
  if (previousOrgId !== null) {
    const still = orgList.find((o) => o.orgId === previousOrgId);
    if (still) return still;
  }
  return orgList[0] ?? null;
}
