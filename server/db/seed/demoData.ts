/**
 * The demo data (accounts in README.md "Demo accounts"), as plain data so tests can name what they expect.
 * Every demo user's password is DEMO_PASSWORD.
 */
export const DEMO_PASSWORD = 'Demo@12345';

export type DemoOrgKey = 'operator' | 'agentNorth' | 'agentSouth' | 'proA' | 'stdB' | 'liteC' | 'proDirect' | 'stdSouth';

/** The org tree: operator → agents → merchants of every tier; one pro merchant directly under the operator. */
export const demoOrgs: Record<DemoOrgKey, { name: string; tenantType: number; parent: DemoOrgKey | null }> = {
  operator: { name: 'Platform Operator', tenantType: 0, parent: null },
  agentNorth: { name: 'North Agency', tenantType: 1, parent: 'operator' },
  agentSouth: { name: 'South Agency', tenantType: 1, parent: 'operator' },
  proA: { name: 'Aurora Pay (Pro)', tenantType: 3, parent: 'agentNorth' },
  stdB: { name: 'Birch Goods (Standard)', tenantType: 5, parent: 'agentNorth' },
  liteC: { name: 'Cedar Cafe (Lite)', tenantType: 4, parent: 'agentNorth' },
  proDirect: { name: 'Delta Exchange (Pro)', tenantType: 3, parent: 'operator' },
  stdSouth: { name: 'Elm Market (Standard)', tenantType: 5, parent: 'agentSouth' },
};

/** The staff of one org, in this order: account (= role name) → its name and role level there. */
const staffOf = (org: DemoOrgKey, staff: Record<string, [userName: string, roleLevel: number]>) =>
  Object.entries(staff).map(([account, [userName, roleLevel]]) => ({ account, userName, memberships: [{ org, roleLevel }] }));

/** One user per named role (account = role name), plus multiOrg with two memberships. */
export const demoUsers: Array<{ account: string; userName: string; memberships: Array<{ org: DemoOrgKey; roleLevel: number }> }> = [
  ...staffOf('operator', { superAdmin: ['Sam Super', 0], operatorEmployee: ['Olive Operator', 1] }),
  ...staffOf('agentNorth', { agentManager: ['Arthur Agent', 0], agentEmployee: ['Ada Agent', 1] }),
  ...staffOf('proA', {
    merchantProManager: ['Paula Pro', 0],
    merchantProFinance: ['Felix Finance', 1],
    merchantProEmployee: ['Pete Pro', 2],
  }),
  ...staffOf('liteC', { merchantLiteManager: ['Lena Lite', 0], merchantLiteEmployee: ['Liam Lite', 1] }),
  ...staffOf('stdB', { merchantStdManager: ['Stella Std', 0], merchantStdFinance: ['Simon Std', 1], merchantStdEmployee: ['Sara Std', 2] }),
  {
    account: 'multiOrg',
    userName: 'Morgan Multi',
    memberships: [
      { org: 'proDirect', roleLevel: 0 },
      { org: 'stdB', roleLevel: 2 },
    ],
  },
];

export const demoChains = [
  {
    chainId: 1,
    name: 'Ethereum',
    family: 'evm' as const,
    symbol: 'ETH',
    rpcUrl: 'https://eth.example-rpc.net',
    explorerUrl: 'https://etherscan.io',
    confirmations: 12,
    isDefault: true,
    enabled: true,
  },
  {
    chainId: 728126428,
    name: 'TRON',
    family: 'tron' as const,
    symbol: 'TRX',
    rpcUrl: 'https://tron.example-rpc.net',
    explorerUrl: 'https://tronscan.org',
    confirmations: 19,
    isDefault: false,
    enabled: true,
  },
  {
    chainId: 56,
    name: 'BNB Smart Chain',
    family: 'evm' as const,
    symbol: 'BNB',
    rpcUrl: 'https://bsc.example-rpc.net',
    explorerUrl: 'https://bscscan.com',
    confirmations: 15,
    isDefault: false,
    enabled: true,
  },
];

export const demoCurrencies = [
  {
    symbol: 'ETH',
    name: 'Ether',
    chainId: 1,
    contractAddress: null,
    decimals: 18,
    legalTender: 'USD',
    minDeposit: '0.001',
    minWithdraw: '0.01',
    withdrawFee: '0.002',
  },
  {
    symbol: 'USDT',
    name: 'Tether USD',
    chainId: 1,
    contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    decimals: 6,
    legalTender: 'USD',
    minDeposit: '1',
    minWithdraw: '10',
    withdrawFee: '2',
  },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    chainId: 1,
    contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    decimals: 6,
    legalTender: 'USD',
    minDeposit: '1',
    minWithdraw: '10',
    withdrawFee: '2',
  },
  {
    symbol: 'TRX',
    name: 'Tronix',
    chainId: 728126428,
    contractAddress: null,
    decimals: 6,
    legalTender: 'USD',
    minDeposit: '1',
    minWithdraw: '10',
    withdrawFee: '1',
  },
  {
    symbol: 'USDT',
    name: 'Tether USD',
    chainId: 728126428,
    contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    decimals: 6,
    legalTender: 'USD',
    minDeposit: '1',
    minWithdraw: '10',
    withdrawFee: '1',
  },
  {
    symbol: 'BNB',
    name: 'BNB',
    chainId: 56,
    contractAddress: null,
    decimals: 18,
    legalTender: 'USD',
    minDeposit: '0.01',
    minWithdraw: '0.05',
    withdrawFee: '0.0005',
  },
];

export const demoBrand = {
  brandName: 'Custodia',
  favicon: '/brand/favicon.svg',
  logo: '/brand/logo.svg',
  logoDarkMode: '/brand/logo-dark.svg',
};
