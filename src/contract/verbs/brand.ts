import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { brandBody, brandConfig } from '../schemas/brand';

/** Brand configuration (docs/console.md): read by everyone before sign-in, changed by the operator row only. */
export const brandVerbs = defineVerbs({
  get: {
    method: 'GET',
    path: ApiPath.brand.get,
    summary: 'The brand (name, favicon, logos): read before sign-in',
    access: 'public',
    response: brandConfig,
  },
  update: {
    method: 'POST',
    path: ApiPath.brand.update,
    summary: 'Change the brand',
    access: 'brand.edit',
    body: brandBody,
    response: brandConfig,
  },
});
