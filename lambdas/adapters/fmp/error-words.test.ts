import { describe, expect, it } from 'vitest';
import { fmpWords, planRefusalIn } from './error-words';
import { planRefusal, refusalWords, type PlanRefusalName } from './testing/stable-fixtures';

const bodyOf = (name: PlanRefusalName) => {
  const { body } = planRefusal(name);
  return typeof body === 'string' ? body : JSON.stringify(body);
};

describe('FMP’s words in an error answer', () => {
  it('are the message of its JSON error object, else the text, on one line', () => {
    expect(fmpWords('{"Error Message": "Invalid API KEY."}')).toBe('Invalid API KEY.');
    expect(fmpWords('{"message": "Too Many Requests"}')).toBe('Too Many Requests');
    expect(fmpWords('Premium Query Parameter:\n  not here')).toBe(
      'Premium Query Parameter: not here',
    );
    expect(fmpWords('[]')).toBe('');
    expect(fmpWords('{}')).toBe('');
    expect(fmpWords('{"Error Mess')).toBe('{"Error Mess');
  });

  it('are cut short past a few hundred characters', () => {
    const words = fmpWords('x'.repeat(5000));
    expect(words.length).toBeLessThanOrEqual(401);
    expect(words.endsWith('…')).toBe(true);
  });
});

describe('a refusal by the key’s plan', () => {
  it.each<PlanRefusalName>(['legacy', 'premiumParameter', 'restricted', 'exclusive'])(
    'is read from FMP’s %s words, whatever the status',
    (name) => {
      expect(planRefusalIn(bodyOf(name))).toBe(refusalWords(name));
      expect(planRefusalIn(bodyOf(name), 200)).toBe(refusalWords(name));
      expect(planRefusalIn(bodyOf(name), 404)).toBe(refusalWords(name));
    },
  );

  it.each([401, 402, 403])('is any HTTP %i, worded or not', (status) => {
    expect(planRefusalIn('', status)).toBe('no reason given');
    expect(planRefusalIn('{"Error Message": "Invalid API KEY."}', status)).toBe('Invalid API KEY.');
  });

  it('is not an exhausted quota, though FMP asks for an upgrade there too', () => {
    expect(planRefusalIn(bodyOf('quota'), 429)).toBeUndefined();
    expect(planRefusalIn(bodyOf('quota'))).toBeUndefined();
  });

  it('is not any other failure', () => {
    expect(planRefusalIn('{"Error Message": "Invalid symbols"}', 400)).toBeUndefined();
    expect(planRefusalIn('<html>Bad gateway</html>', 502)).toBeUndefined();
    expect(planRefusalIn('', 404)).toBeUndefined();
  });
});
