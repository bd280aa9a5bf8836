// A local fake of Slack's incoming webhooks (node:http on 127.0.0.1) for the delivery's tests:
// every post is kept with its arrival time and JSON body; each webhook path answers from a script
// of responses (then 200 'ok'), as Slack does: 'ok', 429 with Retry-After, 404 'no_service', 5xx.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackPost {
  path: string;
  /** Date.now() when the request's body had arrived */
  at: number;
  body: { text?: string; blocks?: { type: string; text?: { text: string }; elements?: { text: string }[] }[] };
}

export interface SlackAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface FakeSlack {
  /** http://127.0.0.1:{port} */
  origin: string;
  /** a webhook URL of this server (`name` tells the webhooks apart) */
  webhook(name: string): string;
  /** the next answers of webhook `name`, in order (afterwards: 200 'ok') */
  script(name: string, answers: SlackAnswer[]): void;
  posts: SlackPost[];
  postsTo(name: string): SlackPost[];
  /** resolves once `name` has received `count` posts; rejects after `timeoutMs` */
  waitForPosts(name: string, count: number, timeoutMs?: number): Promise<SlackPost[]>;
  close(): Promise<void>;
}

const pathOf = (name: string) => `/services/T000/B000/${encodeURIComponent(name)}`;

export async function startFakeSlack(): Promise<FakeSlack> {
  const posts: SlackPost[] = [];
  const scripts = new Map<string, SlackAnswer[]>();
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      let body: SlackPost['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
        return;
      }
      posts.push({ path, at: Date.now(), body });
      const answer = scripts.get(path)?.shift() ?? { status: 200, body: 'ok' };
      response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const postsTo = (name: string) => posts.filter((post) => post.path === pathOf(name));
  return {
    origin,
    webhook: (name) => `${origin}${pathOf(name)}`,
    script: (name, answers) => scripts.set(pathOf(name), [...answers]),
    posts,
    postsTo,
    waitForPosts(name, count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (postsTo(name).length < count) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(postsTo(name));
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`webhook ${name}: ${postsTo(name).length} of ${count} posts within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
