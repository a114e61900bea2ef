import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as edr from '@nomicfoundation/edr';

/**
 * A devnet behind plain JSON-RPC over HTTP, as a real node answers: what the adapter's rpc mode
 * talks to in tests (docs/chains.md "Modes"). Answers its URL and a function that stops it.
 */
export async function serveOverHttp(provider: edr.Provider): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      // A real node takes a call without `params` (viem sends none for eth_chainId); EDR wants the field.
      const call = { params: [], ...(JSON.parse(body) as object) };
      void provider.handleRequest(JSON.stringify(call)).then((answer) => {
        response.setHeader('content-type', 'application/json');
        response.end(typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
