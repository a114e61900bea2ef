import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { demoBrand } from '../../server/db/seed/demoData';
import type { Envelope } from '../../src/contract/envelope';
import type { BrandConfig, BrandUploadResult } from '../../src/contract/schemas/brand';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const readBrand = async () => (await server.call<BrandConfig>('GET', ApiPath.brand.get)).data;
const updateBrand = (body: Record<string, unknown>, account = 'superAdmin') =>
  server.as(account).call<BrandConfig & Record<string, string>>('POST', ApiPath.brand.update, { body });

describe('reading the brand', () => {
  it('is public: no token needed', async () => {
    const res = await server.call<BrandConfig>('GET', ApiPath.brand.get);
    expect(res.code).toBe(200);
    expect(res.data).toEqual(demoBrand);
  });
});

describe('updating the brand', () => {
  const brand = { brandName: 'Acme Custody', favicon: '/uploads/fav.ico', logo: 'https://cdn.example.com/logo.png', logoDarkMode: '' };

  it('the operator row updates it, and everyone reads the new one', async () => {
    const res = await updateBrand(brand, 'operatorEmployee');
    expect(res.code).toBe(200);
    expect(res.data).toEqual(brand);
    expect(await readBrand()).toEqual(brand);
  });

  it('trims the brand name', async () => {
    const res = await updateBrand({ ...brand, brandName: '  Trimmed  ' });
    expect(res.data.brandName).toBe('Trimmed');
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['brandName missing', { brandName: undefined }, 'brandName', 'Required.'],
    ['brandName blank', { brandName: '   ' }, 'brandName', 'Required.'],
    ['brandName of 65', { brandName: 'x'.repeat(65) }, 'brandName', 'Must be at most 64 characters.'],
    ['brandName not text', { brandName: 42 }, 'brandName', 'Must be a string.'],
    ['favicon javascript:', { favicon: 'javascript:alert(1)' }, 'favicon', 'Must be a site path starting with / or an http(s) URL.'],
    ['logo protocol-relative', { logo: '//evil.example/logo.png' }, 'logo', 'Must be a site path starting with / or an http(s) URL.'],
    ['logo relative path', { logo: 'logo.png' }, 'logo', 'Must be a site path starting with / or an http(s) URL.'],
    [
      'logoDarkMode data: URL',
      { logoDarkMode: 'data:image/svg+xml,<svg/>' },
      'logoDarkMode',
      'Must be a site path starting with / or an http(s) URL.',
    ],
    ['favicon missing', { favicon: undefined }, 'favicon', 'Required.'],
  ];
  it.each(invalid)('%s → 400 with the field message, nothing changed', async (_label, change, field, message) => {
    const before = await readBrand();
    const res = await updateBrand({ ...brand, ...change });
    expect(res.code).toBe(400);
    expect(res.data[field]).toBe(message);
    expect(await readBrand()).toEqual(before);
  });

  it('other roles get 403 and nothing changes', async () => {
    const before = await readBrand();
    for (const account of ['agentManager', 'merchantProManager']) {
      const res = await updateBrand({ ...brand, brandName: 'Hijacked' }, account);
      expect(res).toMatchObject({ code: 403, msg: 'Your role is not allowed to do this.' });
    }
    expect((await server.call('POST', ApiPath.brand.update, { body: brand })).code).toBe(401);
    expect(await readBrand()).toEqual(before);
  });
});

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(parts: Part[], account: string | null = 'superAdmin') {
  const { payload, contentType } = multipart(parts);
  const token = account && (await server.as(account).token());
  const response = await server.app.inject({
    method: 'POST',
    url: `/api${ApiPath.brand.upload}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<BrandUploadResult | null>>();
}

const file = (content: Buffer | string, type: string, filename = 'image') => ({ name: 'file', filename, type, content });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  randomBytes(32),
  Buffer.from([0xff, 0xd9]),
]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(28)]);
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), randomBytes(40)]);
const SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#124"/></svg>\n';

describe('uploading a brand image', () => {
  it.each([
    ['PNG', PNG, 'image/png', '.png'],
    ['JPEG', JPEG, 'image/jpeg', '.jpg'],
    ['WebP', WEBP, 'image/webp', '.webp'],
    ['ICO (x-icon)', ICO, 'image/x-icon', '.ico'],
    ['ICO (vnd.microsoft.icon)', ICO, 'image/vnd.microsoft.icon', '.ico'],
    ['SVG', Buffer.from(SVG), 'image/svg+xml', '.svg'],
  ])('stores a %s under a random name and serves it', async (_label, bytes, type, extension) => {
    const res = await upload([file(bytes, type, `logo${extension}`)]);
    expect(res.code).toBe(200);
    const url = res.data!.url;
    expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\${extension}$`));
    const served = await server.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Served from the database with the type its content was checked as (either ICO type is one).
    expect(served.headers['content-type']).toBe(extension === '.ico' ? 'image/x-icon' : type);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('two uploads never share a name', async () => {
    const first = await upload([file(PNG, 'image/png')]);
    const second = await upload([file(PNG, 'image/png')]);
    expect(first.data!.url).not.toBe(second.data!.url);
  });

  it('ignores plain form fields next to the file', async () => {
    const res = await upload([{ name: 'kind', content: 'logo' }, file(PNG, 'image/png')]);
    expect(res.code).toBe(200);
  });

  it('a file over 512 KiB is 413', async () => {
    const big = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(512 * 1024)]);
    const res = await upload([file(big, 'image/png')]);
    expect(res).toMatchObject({ code: 413, msg: 'The file is larger than 512 KiB.' });
  });

  it('a file of exactly 512 KiB is accepted', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length)]);
    expect((await upload([file(exact, 'image/png')])).code).toBe(200);
  });

  it('a type that is not an accepted image is 400', async () => {
    const res = await upload([file('hello', 'text/plain', 'notes.txt')]);
    expect(res).toMatchObject({ code: 400, msg: 'Upload a PNG, JPEG, WebP, ICO or SVG image.' });
    const gif = await upload([file(Buffer.from('GIF89a......'), 'image/gif', 'a.gif')]);
    expect(gif.code).toBe(400);
  });

  it('content that is not what the header claims is 400', async () => {
    const html = await upload([file('<html><script>alert(1)</script></html>', 'image/png', 'x.png')]);
    expect(html).toMatchObject({ code: 400, msg: 'The file content is not a PNG image.' });
    const jpegAsPng = await upload([file(JPEG, 'image/png', 'x.png')]);
    expect(jpegAsPng.code).toBe(400);
    const pngAsSvg = await upload([file(PNG, 'image/svg+xml', 'x.svg')]);
    expect(pngAsSvg).toMatchObject({ code: 400, msg: 'The file content is not a SVG image.' });
  });

  it.each([
    ['a script element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'],
    ['a javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>'],
    ['an external image', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>'],
    ['foreign HTML', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>'],
  ])('an SVG with %s is refused', async (_label, svg) => {
    const res = await upload([file(svg, 'image/svg+xml', 'x.svg')]);
    expect(res).toMatchObject({ code: 400, msg: 'SVG images with scripts, event handlers or external content are not accepted.' });
  });

  it('more than one file is 400', async () => {
    const res = await upload([file(PNG, 'image/png', 'a.png'), file(PNG, 'image/png', 'b.png')]);
    expect(res).toMatchObject({ code: 400, msg: 'Upload one file at a time.' });
  });

  it('no file at all is 400', async () => {
    const res = await upload([{ name: 'kind', content: 'logo' }]);
    expect(res).toMatchObject({ code: 400, msg: 'Choose a file to upload.' });
  });

  it('a JSON body is 415', async () => {
    const res = await server.as('superAdmin').call('POST', ApiPath.brand.upload, { body: { file: 'x' } });
    expect(res).toMatchObject({ code: 415, msg: 'Send the file as multipart/form-data.' });
  });

  it('only the operator row uploads', async () => {
    expect((await upload([file(PNG, 'image/png')], 'agentManager')).code).toBe(403);
    expect((await upload([file(PNG, 'image/png')], 'merchantProManager')).code).toBe(403);
    expect((await upload([file(PNG, 'image/png')], null)).code).toBe(401);
  });

  it('other JSON calls do not accept multipart bodies', async () => {
    const { payload, contentType } = multipart([{ name: 'brandName', content: 'Multipart' }]);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api${ApiPath.brand.update}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${await server.as('superAdmin').token()}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope>().code).toBe(415);
  });
});
