// A local OpenAI-compatible server for tests: POST /v1/chat/completions answered as OpenAI does
// (a chat.completion object, or {"error": {...}} with its status). It checks what a real one
// would refuse — the Bearer key (401), the model (404), a strict json_schema response_format
// (400) — and answers each request as the test's `reply` says for that person (found by the
// "name" of the profile JSON in the user message), counting each person's attempts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  /** the profile's "name" from the user message */
  person: string;
  /** this person's attempts so far, this one included (from 1) */
  attempt: number;
  model: string;
  authorization: string | undefined;
  body: Record<string, any>;
}

export type FakeReply =
  /** a chat.completion whose message content is this text (an object is sent as its JSON) */
  | { content: string | Record<string, unknown>; finish_reason?: string }
  /** an OpenAI-style error */
  | { status: number; message?: string; headers?: Record<string, string> }
  /** no answer until the server closes (a request that times out) */
  | 'hang'
  /** the connection dropped without an answer */
  | 'reset';

export interface FakeOpenAi {
  /** http://127.0.0.1:{port}/v1, ready for base_url */
  url: string;
  port: number;
  key: string;
  model: string;
  /** every request received that passed the checks, and those that did not */
  requests: FakeRequest[];
  refused: { status: number; message: string }[];
  /** the most requests under way at once */
  maxInFlight: number;
  /** how to answer (default: `wellFormed`) */
  reply: (request: FakeRequest) => FakeReply;
  /** resolves when the next request arrives */
  nextRequest(): Promise<FakeRequest>;
  close(): Promise<void>;
}

/** A valid answer needing clean-up: lower-case codes, likelihoods to normalise, a rating to round and one to clamp. */
export function wellFormed(person: string): Record<string, unknown> {
  return {
    age_value: 33,
    gender_value: 'female',
    nationalities: [
      { code: 'de', likelihood: 3 },
      { code: 'FR', likelihood: 1 },
    ],
    summary: `Fake summary of ${person}\nover two lines.`,
    tech_rating: 7.25,
    education_rating: 12,
    professional_experience_rating: null,
    entrepreneurial_spirit_rating: 2,
  };
}
/** What `wellFormed` becomes once checked and clamped. */
export function wellFormedAnnotation(person: string) {
  return {
    age_value: 33,
    gender_value: 'female',
    nationalities: { DE: 0.75, FR: 0.25 },
    summary: `Fake summary of ${person} over two lines.`,
    tech_rating: 7.3,
    education_rating: 10,
    professional_experience_rating: null,
    entrepreneurial_spirit_rating: 2,
  };
}

export async function startFakeOpenAi(key = 'k', model = 'fake-1'): Promise<FakeOpenAi> {
  const attempts = new Map<string, number>();
  const waiting: ((request: FakeRequest) => void)[] = [];
  let inFlight = 0;
  const hanging = new Set<http.ServerResponse>();

  const fake: FakeOpenAi = {
    url: '',
    port: 0,
    key,
    model,
    requests: [],
    refused: [],
    maxInFlight: 0,
    reply: (request) => ({ content: wellFormed(request.person) }),
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, message: string, headers?: Record<string, string>) => {
    fake.refused.push({ status, message });
    send(
      res,
      status,
      { error: { message, type: status === 429 ? 'rate_limit_error' : 'invalid_request_error', param: null, code: null } },
      headers,
    );
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      inFlight++;
      fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
      res.on('close', () => inFlight--);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return error(res, 404, `Unknown request URL: ${req.method} ${req.url}`);
      if (req.headers.authorization !== `Bearer ${key}`)
        return error(res, 401, `Incorrect API key provided: ${req.headers.authorization?.replace(/^Bearer /, '')}`);
      let body: Record<string, any>;
      try {
        body = JSON.parse(raw);
      } catch {
        return error(res, 400, 'We could not parse the JSON body of your request.');
      }
      if (body.model !== model) return error(res, 404, `The model \`${body.model}\` does not exist or you do not have access to it.`);
      const format = body.response_format;
      if (
        format?.type !== 'json_schema' ||
        format.json_schema?.strict !== true ||
        typeof format.json_schema?.name !== 'string' ||
        format.json_schema?.schema?.type !== 'object'
      ) {
        return error(res, 400, "Invalid 'response_format': a strict json_schema is expected.");
      }
      const user = body.messages?.findLast?.((m: { role: string }) => m.role === 'user');
      let person = '';
      try {
        person = String(JSON.parse(user.content).name);
      } catch {
        return error(res, 400, 'The user message is not a profile.');
      }
      const attempt = (attempts.get(person) ?? 0) + 1;
      attempts.set(person, attempt);
      const request: FakeRequest = { person, attempt, model: body.model, authorization: req.headers.authorization, body };
      fake.requests.push(request);
      for (const resolve of waiting.splice(0)) resolve(request);
      const reply = fake.reply(request);
      if (reply === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (reply === 'reset') return void res.socket?.destroy();
      if ('status' in reply) return error(res, reply.status, reply.message ?? `Error ${reply.status}`, reply.headers);
      send(res, 200, {
        id: `chatcmpl-${fake.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content),
              refusal: null,
            },
            logprobs: null,
            finish_reason: reply.finish_reason ?? 'stop',
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}/v1`;
  return fake;
}
