// fetch for the addresses users type in platform connections: the loopback refused unless
// allowed (an IP literal before connecting, a name as it resolves), redirects never followed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDestination, guardedFetch } from '../../../server/connector-kit/guarded-fetch';

const destination = { subject: 'The test address', type: 'AddressRefused' };
let server: http.Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits++;
    if (request.url === '/moved') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('guardedFetch', () => {
  it('refuses the loopback by IP literal and by name, without connecting', async () => {
    const refused = guardedFetch(false, destination);
    await expect(refused(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({
      name: 'AddressRefused',
      message: expect.stringMatching(/^The test address 127\.0\.0\.1 is a loopback, link-local or private address: refused/),
    });
    await expect(refused(`http://localhost:${port}/`)).rejects.toMatchObject({
      name: 'AddressRefused',
      message: expect.stringMatching(/^The test address localhost \((127\.0\.0\.1|::1)\)/),
    });
    await expect(refused(`http://[::1]:${port}/`)).rejects.toMatchObject({ name: 'AddressRefused' });
    expect(hits).toBe(0);
  });

  it('reaches it when the operator allows private addresses, and never follows a redirect', async () => {
    const allowed = guardedFetch(true, destination);
    const answer = await allowed(`http://localhost:${port}/`);
    expect(await answer.json()).toEqual({ ok: true });
    const moved = await allowed(`http://127.0.0.1:${port}/moved`);
    expect(moved.status).toBe(302);
    expect(hits).toBe(2);
  });
});

describe('checkDestination', () => {
  it('refuses a private base URL up front unless allowed; a public one passes', async () => {
    await expect(checkDestination('http://10.0.0.8/v1', false, destination)).rejects.toMatchObject({ name: 'AddressRefused' });
    await expect(checkDestination('http://localhost:11434/v1', false, destination)).rejects.toMatchObject({ name: 'AddressRefused' });
    await expect(checkDestination('http://localhost:11434/v1', true, destination)).resolves.toBeUndefined();
    await expect(checkDestination('https://93.184.215.14/v5', false, destination)).resolves.toBeUndefined();
  });
});
