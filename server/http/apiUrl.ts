import { API_BASE } from '../../src/contract/constants';

/** Is this request URL (query aside) one of the API's, not a console page or file? */
export const isApiUrl = (url: string): boolean => {
  const path = url.split('?')[0];
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
};
