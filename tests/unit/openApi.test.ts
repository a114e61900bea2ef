import { describe, expect, it } from 'vitest';
import { describeAccess, operationIdOf, tagOf } from '../../server/http/openApi';
import { masks } from '../../src/access';
import { ApiPath } from '../../src/contract/apiPaths';

describe('the OpenAPI document of declared routes', () => {
  it('names operations, tags and access from the path and the mask', () => {
    expect(operationIdOf('POST', `/api${ApiPath.chainWallet.delete}`)).toBe('postChainWalletDeleteByid');
    expect(operationIdOf('GET', '/api/health/live')).toBe('getHealthLive');
    expect(tagOf(`/api${ApiPath.chainWallet.list}`)).toBe('chain-wallet');
    expect(tagOf('/api/health/ready')).toBe('health');
    expect(describeAccess('public')).toContain('public');
    expect(describeAccess(masks.operator)).toContain('superAdmin, operatorEmployee');
    expect(describeAccess(masks.operator)).toContain('masks.operator');
    expect(describeAccess(masks.all)).toContain('every role');
  });
});
