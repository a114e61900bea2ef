import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { rpc, RpcError } from '../../chain/evm/edrProvider';
import type { ServerContext } from '../../http/serverContext';

/**
 * What the devnet answers from outside: reading the chain, and sending a transaction signed
 * elsewhere. No method that bends the chain (`evm_*`, `hardhat_*`, signing with an account the
 * node holds): those are the server's alone.
 */
const READS = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getLogs',
]);

interface RpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/**
 * POST /devnet/<chain id>: the embedded devnet of an EVM chain as a JSON-RPC endpoint, in devnet mode
 * only (docs/chains.md "Paying into the devnet"). A wallet tool pointed at it (chain id 900000000 +
 * the row's) pays an order as a customer would; the e2e tests pay through it. Every transaction sent
 * is journalled, so it survives a restart. There is no such endpoint in rpc mode: a real network has
 * its own nodes. Any origin may call it (CORS), as a public node's endpoint: a wallet or payment page
 * in a browser reaches it from elsewhere, and it holds nothing of anyone's. The CORS headers are
 * scoped to /devnet alone; the API answers no other origin.
 */
export function registerDevnetRoutes(app: FastifyInstance, context: ServerContext): void {
  if (context.chains.mode !== 'devnet') return;
  void app.register(
    async (scope) => {
      await scope.register(cors, { origin: '*', methods: ['POST'], allowedHeaders: ['content-type'], maxAge: 600 });
      registerDevnetRpc(scope, context);
    },
    { prefix: '/devnet' },
  );
}

function registerDevnetRpc(app: FastifyInstance, context: ServerContext): void {
  app.post<{ Params: { chainId: string } }>('/:chainId', async (request, reply) => {
    const answer = (id: unknown, body: { result: unknown } | { error: { code: number; message: string; data?: unknown } }) => ({ jsonrpc: '2.0', id: id ?? null, ...body });
    const call = request.body as RpcRequest | null;
    if (!call || typeof call !== 'object' || Array.isArray(call) || typeof call.method !== 'string') {
      return reply.status(400).send(answer(null, { error: { code: -32600, message: 'one JSON-RPC request object is expected' } }));
    }
    const chainId = Number(request.params.chainId);
    const chain = Number.isSafeInteger(chainId) ? await context.db.selectFrom('chain').select('family').where('chainId', '=', chainId).executeTakeFirst() : undefined;
    if (chain?.family !== 'evm') return reply.status(404).send(answer(call.id, { error: { code: -32004, message: `no EVM chain ${request.params.chainId} here` } }));
    const devnet = await context.chains.devnetOf(chainId).catch(() => null);
    if (!devnet) return reply.status(404).send(answer(call.id, { error: { code: -32004, message: `the devnet of chain ${chainId} is not started` } }));
    const params = Array.isArray(call.params) ? (call.params as unknown[]) : [];
    try {
      if (call.method === 'eth_sendRawTransaction') {
        if (typeof params[0] !== 'string' || !/^0x[0-9a-fA-F]+$/.test(params[0])) return answer(call.id, { error: { code: -32602, message: 'a signed transaction (0x…) is expected' } });
        return answer(call.id, { result: await devnet.sendRaw(params[0] as Hex) });
      }
      if (!READS.has(call.method)) return answer(call.id, { error: { code: -32601, message: `${call.method} is not offered by this devnet` } });
      return answer(call.id, { result: await rpc(devnet.provider, call.method, params) });
    } catch (error) {
      if (error instanceof RpcError) return answer(call.id, { error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } });
      throw error;
    }
  });
}
