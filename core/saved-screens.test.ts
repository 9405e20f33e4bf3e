import { describe, expect, it } from 'vitest';
import { saveScreenBody, savedScreenParams } from './api/subscription';

describe('saveScreenBody', () => {
  it('takes a name and a screen the screener would run', () => {
    expect(
      saveScreenBody.parse({ name: ' Cheap yen ', params: { currency: 'JPY', peMax: '12' } }),
    ).toEqual({ name: 'Cheap yen', params: { currency: 'JPY', peMax: '12' } });
  });

  it('refuses a screen the screener would refuse, naming the parameter', () => {
    const issues = (body: unknown) =>
      saveScreenBody.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ name: 'x', params: { currency: 'XYZ' } })).toEqual([
      ['params.currency', expect.stringMatching(/^params: currency must be one of/)],
    ]);
    expect(issues({ name: 'x', params: { offset: '50' } })?.[0]?.[0]).toBe('params.offset');
    expect(issues({ name: '', params: {} })?.[0]?.[0]).toBe('name');
    expect(issues({ name: 'x', params: {}, owner: 'someone-else' })?.[0]?.[0]).toBe('');
  });

  it('takes only saved-screen ids in the path', () => {
    expect(savedScreenParams.safeParse({ id: `sc_${'a'.repeat(24)}` }).success).toBe(true);
    expect(savedScreenParams.safeParse({ id: 'wl_abcdefgh' }).success).toBe(false);
  });
});
