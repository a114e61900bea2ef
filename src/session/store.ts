import { useSyncExternalStore } from 'react';
import { StorageKey } from '../contract/constants';
import type { OrgMembership, SessionInfo } from '../contract/schemas/auth';
import { roleIndexFor } from '../access';
import { selectChain, selectOrg, type ChainRef } from './selection';

/**
 * The client state that outlives a screen: who is signed in, the orgs and
 * the selected one (which sets roleIndex and managerType), and the chains with the
 * current one. Only the token, the selected org id and the last chain are persisted.
 */
export interface SessionState {
  token: string | null;
  userName: string | null;
  account: string | null;
  orgList: OrgMembership[];
  selectedOrg: OrgMembership | null;
  roleIndex: number | null;
  managerType: number | null;
  chainList: ChainRef[];
  currentChainObj: ChainRef | null;
}

const readJson = <T>(key: string): T | null => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};

const empty = (): SessionState => ({
  token: localStorage.getItem(StorageKey.token),
  userName: null,
  account: null,
  orgList: [],
  selectedOrg: null,
  roleIndex: null,
  managerType: null,
  chainList: [],
  currentChainObj: null,
});

let state: SessionState = empty();
const listeners = new Set<() => void>();

function set(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

const roleOf = (org: OrgMembership | null) => ({
  selectedOrg: org,
  roleIndex: org ? roleIndexFor(org.tenantType, org.roleLevel) : null,
  managerType: org ? org.tenantType : null,
});

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isLoaded: () => state.account !== null,

  /** After login or /me: the user, their orgs and the selection rules (docs/console.md). */
  signedIn(info: SessionInfo) {
    if (info.token) localStorage.setItem(StorageKey.token, info.token);
    const previous = Number(localStorage.getItem(StorageKey.selectedOrg));
    const org = selectOrg(info.orgList, Number.isFinite(previous) && previous > 0 ? previous : null);
    if (org) localStorage.setItem(StorageKey.selectedOrg, String(org.orgId));
    set({ token: info.token ?? state.token, userName: info.userName, account: info.account, orgList: info.orgList, ...roleOf(org) });
  },

  /** The user renamed themselves (/account): the name shown everywhere follows at once. */
  renamed(userName: string) {
    set({ userName });
  },

  /** Switching org switches role, menu and access at once (docs/roles-and-routes.md). */
  selectOrg(orgId: number) {
    const org = state.orgList.find((o) => o.orgId === orgId);
    if (!org) return;
    localStorage.setItem(StorageKey.selectedOrg, String(org.orgId));
    set(roleOf(org));
  },

  setChainList(chainList: ChainRef[]) {
    const current = selectChain(chainList, state.currentChainObj ?? readJson<ChainRef>(StorageKey.lastChain));
    if (current) localStorage.setItem(StorageKey.lastChain, JSON.stringify(current));
    set({ chainList, currentChainObj: current });
  },

  selectChain(chainId: number) {
    const chain = state.chainList.find((c) => c.chainId === chainId);
    if (!chain) return;
    localStorage.setItem(StorageKey.lastChain, JSON.stringify(chain));
    set({ currentChainObj: chain });
  },

  /** Sign-out or an authorization failure: forget the token, keep the remembered selections. */
  clear() {
    localStorage.removeItem(StorageKey.token);
    state = { ...empty(), token: null };
    listeners.forEach((listener) => listener());
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
