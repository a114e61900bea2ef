/** The request-path cases of issue 35: the report page's list and the multisig queue, as the console asks for them. */
export const REQUEST_PATH_CASES = [
  { name: 'report page (payment list)', url: '/api/sys/report/payment/list?page=1&pageSize=25' },
  { name: 'multisig queue (sign list)', url: '/api/sys/sign/list?page=1&pageSize=25&state=open' },
] as const;
