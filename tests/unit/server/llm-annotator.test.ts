// @vitest-environment node
// The LLM annotator against a local OpenAI-compatible server (tests/support/fake-openai.ts):
// what it sends (key, model, strict JSON schema, the profile without e-mail), how it checks and
// clamps answers, its retries on 429/5xx/timeouts (waits recorded, never slept), its fallback
// to the offline annotation person by person with the provenance saying so, a refused key
// never logged, and abort. No durations are measured.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { annotationFromAnswer, ANNOTATION_SCHEMA, llmAnnotator, type LlmAnnotatorOptions } from '../../../server/annotation/llm';
import { annotateOffline } from '../../../server/annotation/offline';
import type { ImportProfile } from '../../../server/connector-kit/import-format';
import { startFakeOpenAi, wellFormed, wellFormedAnnotation, type FakeOpenAi } from '../../support/fake-openai';

let fake: FakeOpenAi;
beforeEach(async () => {
  fake = await startFakeOpenAi('k', 'fake-1');
});
afterEach(async () => fake.close());

function person(name: string, extra: Partial<ImportProfile> = {}): ImportProfile {
  const [first_name, last_name] = name.split(' ');
  return {
    external_id: `https://example.test/in/${name.replace(/\s/g, '-').toLowerCase()}`,
    first_name,
    last_name,
    email: `${first_name.toLowerCase()}@private.test`,
    location: 'Berlin, DE',
    headline: 'Software Engineer at Acme',
    image_url: null,
    educations: [
      {
        degree: 'MSc',
        field_of_study: 'Computer Science',
        school: { name: 'TU Berlin', location: null },
        start_date: '2010-10-01',
        end_date: '2015-07-01',
      },
    ],
    jobs: [{ job_title: 'Software Engineer', company: { external_id: null, name: 'Acme' }, start_date: '2015-09-01', end_date: null }],
    skills: [{ name: 'TypeScript', endorsements: 3 }],
    courses: [],
    languages: [{ name: 'German', level: 'native' }],
    projects: [],
    publications: [],
    licenses: [],
    recommendations: [],
    interests: [],
    ...extra,
  };
}

interface Recorded {
  waits: number[];
  logs: { details: object; message: string }[];
}
function annotator(options: LlmAnnotatorOptions & { apiKey?: string; model?: string } = {}) {
  const recorded: Recorded = { waits: [], logs: [] };
  const llm = llmAnnotator(
    { baseUrl: fake.url, apiKey: options.apiKey ?? 'k', model: options.model ?? 'fake-1' },
    {
      backoffMs: (attempt) => attempt * 10,
      sleep: async (ms, signal) => {
        signal?.throwIfAborted();
        recorded.waits.push(ms);
      },
      log: { warn: (details, message) => recorded.logs.push({ details, message }) },
      ...options,
    },
  );
  return { llm, recorded };
}

describe('the LLM annotator', () => {
  it('asks once per person with the key, the model and a strict JSON schema, and keeps the checked answers as its own', async () => {
    const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov'].map((name) => person(name));
    const { llm, recorded } = annotator({ concurrency: 2 });
    expect(llm).toMatchObject({ name: `llm:127.0.0.1:${fake.port}`, model: 'fake-1' });
    const results = await llm.annotate(people);
    expect(results).toEqual(
      people.map((p) => ({
        annotation: wellFormedAnnotation(`${p.first_name} ${p.last_name}`),
        annotator: `llm:127.0.0.1:${fake.port}`,
        model: 'fake-1',
      })),
    );
    expect(fake.refused).toEqual([]);
    expect(fake.requests.map((r) => r.person).sort()).toEqual(people.map((p) => `${p.first_name} ${p.last_name}`).sort());
    for (const request of fake.requests) {
      expect(request.authorization).toBe('Bearer k');
      expect(request.model).toBe('fake-1');
      expect(request.body.response_format).toMatchObject({
        type: 'json_schema',
        json_schema: { name: 'person_annotation', strict: true, schema: ANNOTATION_SCHEMA },
      });
      const profile = JSON.parse(request.body.messages.at(-1).content);
      expect(profile).toMatchObject({ name: request.person, location: 'Berlin, DE', skills: ['TypeScript'] });
      expect(request.body.messages.at(-1).content).not.toContain('@private.test');
    }
    expect(fake.maxInFlight).toBeLessThanOrEqual(2);
    expect(recorded).toEqual({ waits: [], logs: [] });
  });

  it('retries a 429 and a dropped connection; falls back to the offline annotation for a malformed, cut-off or mistyped answer and for a 500 that stays', async () => {
    const names = ['Mal Formed', 'Wrong Type', 'Cut Off', 'Rate Limited', 'Server Error', 'Dropped One', 'Fine Person'];
    fake.reply = ({ person, attempt }) => {
      if (person === 'Mal Formed') return { content: '{"age_value": 33, "gender_value": ' };
      if (person === 'Wrong Type') return { content: { ...wellFormed(person), tech_rating: 'high' } };
      if (person === 'Cut Off') return { content: wellFormed(person), finish_reason: 'length' };
      if (person === 'Rate Limited' && attempt === 1)
        return { status: 429, message: 'Rate limit reached', headers: { 'retry-after-ms': '5' } };
      if (person === 'Server Error') return { status: 500, message: 'The server had an error' };
      if (person === 'Dropped One' && attempt === 1) return 'reset';
      return { content: wellFormed(person) };
    };
    const people = names.map((name) => person(name));
    const { llm, recorded } = annotator({ retries: 2, concurrency: 3 });
    const results = await llm.annotate(people);
    const llmName = `llm:127.0.0.1:${fake.port}`;
    const byName = new Map(names.map((name, i) => [name, results[i]]));
    for (const name of ['Rate Limited', 'Dropped One', 'Fine Person']) {
      expect(byName.get(name)).toEqual({ annotation: wellFormedAnnotation(name), annotator: llmName, model: 'fake-1' });
    }
    for (const name of ['Mal Formed', 'Wrong Type', 'Cut Off', 'Server Error']) {
      expect(byName.get(name)).toEqual({
        annotation: annotateOffline(person(name)),
        annotator: 'offline-heuristics',
        model: 'heuristics-v1',
      });
    }
    // the 500: the first attempt and two retries; the malformed answers: asked once
    const attempts = (name: string) => fake.requests.filter((r) => r.person === name).length;
    expect(names.map(attempts)).toEqual([1, 1, 1, 2, 3, 2, 1]);
    // the 429's own wait (retry-after-ms), the dropped connection's and the 500's backoff
    expect([...recorded.waits].sort((a, b) => a - b)).toEqual([5, 10, 10, 20]);
    const messages = recorded.logs.map((l) => l.message);
    expect(messages.filter((m) => m.startsWith('unusable LLM answer'))).toHaveLength(3);
    expect(recorded.logs.find((l) => l.message.startsWith('LLM request failed'))?.details).toMatchObject({
      person: person('Server Error').external_id,
      status: 500,
      attempts: 3,
    });
  });

  it('retries a request that timed out', async () => {
    // the first request is never answered: it times out whatever the machine's speed; a slow
    // machine may time out the second too, so only "retried, then the model's" is asserted
    fake.reply = ({ attempt }) => (attempt === 1 ? 'hang' : { content: wellFormed('Slow One') });
    const { llm, recorded } = annotator({ timeoutMs: 300, retries: 5 });
    const [result] = await llm.annotate([person('Slow One')]);
    expect(result).toEqual({ annotation: wellFormedAnnotation('Slow One'), annotator: `llm:127.0.0.1:${fake.port}`, model: 'fake-1' });
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    expect(recorded.waits.length).toBe(fake.requests.length - 1);
  });

  it('a refused key: everyone offline, the endpoint left alone for the rest of the run, and the key in no log line', async () => {
    const secret = 'sk-secret-wrong-1234567890';
    const { llm, recorded } = annotator({ apiKey: secret, concurrency: 1 });
    const people = ['One Person', 'Two Person', 'Three Person'].map((name) => person(name));
    const results = await llm.annotate(people);
    expect(results.map((r) => r.annotator)).toEqual(['offline-heuristics', 'offline-heuristics', 'offline-heuristics']);
    expect(results[1].annotation).toEqual(annotateOffline(people[1]));
    expect(fake.refused).toEqual([{ status: 401, message: `Incorrect API key provided: ${secret}` }]);
    expect(recorded.logs).toHaveLength(1);
    expect(recorded.logs[0].details).toMatchObject({ status: 401 });
    expect(JSON.stringify(recorded.logs)).not.toContain(secret);
    expect(JSON.stringify(recorded.logs)).toContain('***');
  });

  it('an unknown model is refused alike (404), without retries', async () => {
    const { llm, recorded } = annotator({ model: 'no-such-model', concurrency: 1 });
    const results = await llm.annotate([person('Only Person')]);
    expect(results[0]).toMatchObject({ annotator: 'offline-heuristics', model: 'heuristics-v1' });
    expect(fake.refused.map((r) => r.status)).toEqual([404]);
    expect(recorded.waits).toEqual([]);
  });

  it('stops when its signal aborts: the request under way is dropped and nothing falls back', async () => {
    fake.reply = () => 'hang';
    const { llm } = annotator();
    const controller = new AbortController();
    const arrived = fake.nextRequest();
    const annotating = llm.annotate([person('Never Answered')], controller.signal);
    await arrived;
    controller.abort();
    await expect(annotating).rejects.toMatchObject({ name: 'AbortError' });
    await expect(llm.annotate([person('Not Asked')], AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.requests.map((r) => r.person)).toEqual(['Never Answered']);
  });

  it('an empty batch asks nothing', async () => {
    const { llm } = annotator();
    expect(await llm.annotate([])).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('checking an answer', () => {
  const answer = (extra: Record<string, unknown> = {}) => JSON.stringify({ ...wellFormed('X Y'), ...extra });

  it('clamps ratings to 0–10 with one decimal and keeps null', () => {
    const a = annotationFromAnswer(
      answer({ tech_rating: -3, education_rating: 10.04, professional_experience_rating: 3.46, entrepreneurial_spirit_rating: null }),
    );
    expect(a).toMatchObject({
      tech_rating: 0,
      education_rating: 10,
      professional_experience_rating: 3.5,
      entrepreneurial_spirit_rating: null,
    });
  });

  it('nationalities: upper-case ISO alpha-2 codes, aliases merged, unknown codes and empty likelihoods left out, normalised to 1', () => {
    const a = annotationFromAnswer(
      answer({
        nationalities: [
          { code: ' gb ', likelihood: 0.4 },
          { code: 'UK', likelihood: 0.2 },
          { code: 'xx', likelihood: 0.9 },
          { code: 'DEU', likelihood: 0.5 },
          { code: 'fr', likelihood: 0.2 },
          { code: 'IT', likelihood: 0 },
          { code: 'ES', likelihood: -1 },
        ],
      }),
    );
    expect(a.nationalities).toEqual({ GB: 0.75, FR: 0.25 });
    expect(annotationFromAnswer(answer({ nationalities: [] })).nationalities).toEqual({});
    const many = annotationFromAnswer(
      answer({ nationalities: ['DE', 'FR', 'IT', 'ES', 'PT', 'NL', 'BE'].map((code, i) => ({ code, likelihood: 7 - i })) }),
    );
    expect(Object.keys(many.nationalities)).toEqual(['DE', 'FR', 'IT', 'ES', 'PT']);
    expect(Object.values(many.nationalities).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 1);
  });

  it('age, gender and summary: rounded, lower-cased, on one line; implausible or unknown values as null', () => {
    expect(annotationFromAnswer(answer({ age_value: 33.6, gender_value: ' Female ', summary: '  Builds\n\tthings.  ' }))).toMatchObject({
      age_value: 34,
      gender_value: 'female',
      summary: 'Builds things.',
    });
    expect(annotationFromAnswer(answer({ age_value: 150, gender_value: 'other', summary: '  ' }))).toMatchObject({
      age_value: null,
      gender_value: null,
      summary: null,
    });
    expect(annotationFromAnswer(answer({ age_value: 5, gender_value: null, summary: null }))).toMatchObject({
      age_value: null,
      gender_value: null,
      summary: null,
    });
    expect(annotationFromAnswer(answer({ summary: 'x'.repeat(500) })).summary).toHaveLength(300);
  });

  it('refuses what is not the annotation object', () => {
    expect(() => annotationFromAnswer('not json')).toThrow(/not JSON/);
    expect(() => annotationFromAnswer(null)).toThrow(/not JSON/);
    expect(() => annotationFromAnswer('[1, 2]')).toThrow(/not an object/);
    const { summary: _dropped, ...missing } = wellFormed('X Y');
    expect(() => annotationFromAnswer(JSON.stringify(missing))).toThrow(/summary is missing/);
    expect(() => annotationFromAnswer(answer({ tech_rating: '7' }))).toThrow(/tech_rating/);
    expect(() => annotationFromAnswer(answer({ age_value: 'thirty' }))).toThrow(/age_value/);
    expect(() => annotationFromAnswer(answer({ gender_value: 1 }))).toThrow(/gender_value/);
    expect(() => annotationFromAnswer(answer({ nationalities: { DE: 1 } }))).toThrow(/nationalities/);
    expect(() => annotationFromAnswer(answer({ nationalities: [{ code: 'DE' }] }))).toThrow(/nationality/);
  });

  it('the schema is one strict mode accepts: every object closed, every property required', () => {
    const check = (schema: Record<string, any>) => {
      if (schema.type === 'object') {
        expect(schema.additionalProperties).toBe(false);
        expect([...schema.required].sort()).toEqual(Object.keys(schema.properties).sort());
        for (const property of Object.values(schema.properties)) check(property as Record<string, any>);
      }
      if (schema.items) check(schema.items);
    };
    check(ANNOTATION_SCHEMA);
  });
});
