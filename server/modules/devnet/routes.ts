import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { parseTransaction, type Hex } from 'viem';
import { rpc, RpcError } from '../../chain/evm/edrProvider';
import type { ServerContext } from '../../http/serverContext';
import { clientAddress } from '../../http/rateLimit';
import { DEFAULT_DEVNET_BUDGET, DevnetCallBudget, type BudgetRefusal } from './callBudget';

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

/**
 * The most gas an outside call or transaction may burn: enough for a payment, a token call, a Safe's
 * creation or execution (a few hundred thousand), and a bound on how long one call keeps the devnet's
 * EVM (about 0.1 s here; its time grows faster than its gas: 10 M gas of a loop took 9 s).
 */
export const DEVNET_CALL_GAS_CAP = 1_000_000n;

const REFUSALS: Record<BudgetRefusal, string> = {
  tooManyCalls: 'too many calls from this address: at most the configured number a minute',
  busy: 'the devnet is busy: try again shortly',
};

/** A call's first parameter (the transaction object) with its gas at most the cap: omitted gas would mean the block's limit. */
export function withGasCap(params: unknown[]): unknown[] {
  const [call, ...rest] = params;
  if (!call || typeof call !== 'object' || Array.isArray(call)) return params;
  const gas = (call as { gas?: unknown }).gas;
  let asked: bigint | null = null;
  try {
    asked = typeof gas === 'string' || typeof gas === 'number' ? BigInt(gas) : null;
  } catch {
    asked = null;
  }
  const capped = asked === null || asked > DEVNET_CALL_GAS_CAP ? DEVNET_CALL_GAS_CAP : asked;
  return [{ ...call, gas: `0x${capped.toString(16)}` }, ...rest];
}

/**
 * Why a signed transaction is not taken, or null: only replay-protected ones (EIP-155; a legacy one
 * without a chain id would be valid on every devnet alike), within the gas cap.
 */
function rawRefusal(raw: Hex): string | null {
  let parsed;
  try {
    parsed = parseTransaction(raw);
  } catch {
    return 'a signed transaction (0x…) is expected';
  }
  if (parsed.chainId === undefined) return 'only replay-protected transactions (EIP-155, with a chain id) are accepted';
  if (parsed.gas !== undefined && parsed.gas > DEVNET_CALL_GAS_CAP) return `a transaction here may use at most ${DEVNET_CALL_GAS_CAP} gas`;
  return null;
}

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
  const budget = new DevnetCallBudget({ ...DEFAULT_DEVNET_BUDGET, ...context.config.devnetBudget });
  type Answer = { status: number; body: ReturnType<typeof answer> };
  const answer = (id: unknown, body: { result: unknown } | { error: { code: number; message: string; data?: unknown } }) => ({
    jsonrpc: '2.0',
    id: id ?? null,
    ...body,
  });
  const refused = (id: unknown, status: number, code: number, message: string): Answer => ({
    status,
    body: answer(id, { error: { code, message } }),
  });

  /** One call, from the chain row's look-up to the devnet's answer: all of it within the caller's budget. */
  async function handle(call: RpcRequest & { method: string }, chainParam: string): Promise<Answer> {
    const chainId = Number(chainParam);
    const chain = Number.isSafeInteger(chainId)
      ? await context.db.selectFrom('chain').select('family').where('chainId', '=', chainId).executeTakeFirst()
      : undefined;
    if (chain?.family !== 'evm') return refused(call.id, 404, -32004, `no EVM chain ${chainParam} here`);
    // A chain added since the server started: its devnet starts on its first call.
    const devnet = await context.chains.startedDevnetOf(chainId).catch(() => null);
    if (!devnet) return refused(call.id, 404, -32004, `the devnet of chain ${chainId} is not started`);
    const params = Array.isArray(call.params) ? (call.params as unknown[]) : [];
    const { method } = call;
    try {
      if (method === 'eth_sendRawTransaction') {
        if (typeof params[0] !== 'string' || !/^0x[0-9a-fA-F]+$/.test(params[0]))
          return refused(call.id, 200, -32602, 'a signed transaction (0x…) is expected');
        const refusal = rawRefusal(params[0] as Hex);
        if (refusal) return refused(call.id, 200, -32602, refusal);
        return { status: 200, body: answer(call.id, { result: await devnet.sendRaw(params[0] as Hex) }) };
      }
      const result = await rpc(
        devnet.provider,
        method,
        method === 'eth_call' || method === 'eth_estimateGas' ? withGasCap(params) : params,
      );
      return { status: 200, body: answer(call.id, { result }) };
    } catch (error) {
      if (error instanceof RpcError)
        return {
          status: 200,
          body: answer(call.id, {
            error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) },
          }),
        };
      throw error;
    }
  }

  app.post<{ Params: { chainId: string } }>('/:chainId', async (request, reply) => {
    const call = request.body as RpcRequest | null;
    if (!call || typeof call !== 'object' || Array.isArray(call) || typeof call.method !== 'string') {
      return reply.status(400).send(answer(null, { error: { code: -32600, message: 'one JSON-RPC request object is expected' } }));
    }
    const { method } = call;
    if (method !== 'eth_sendRawTransaction' && !READS.has(method))
      return answer(call.id, { error: { code: -32601, message: `${method} is not offered by this devnet` } });
    const ran = await budget.run(clientAddress(request), () => handle({ ...call, method }, request.params.chainId));
    const { status, body } = ran.ok ? ran.value : refused(call.id, 429, -32005, REFUSALS[ran.refusal]);
    return reply.status(status).send(body);
  });
}
