import { describe, expect, it } from 'vitest';
import { bodyBytes } from './body-bytes';

const long = (fill: string) => JSON.stringify({ data: [fill.repeat(5_000)] });

describe('bodyBytes', () => {
  it("is the text's UTF-8 bytes, short or long, multi-byte characters included", () => {
    for (const text of ['', '{"a":1}', '{"name":"Nestlé – 株式"}', long('é')]) {
      expect(bodyBytes(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
    }
  });

  it('reuses the bytes of a long body answered again, also from an equal string', () => {
    const text = long('x');
    const first = bodyBytes(text);
    expect(bodyBytes(text)).toBe(first);
    expect(bodyBytes(long('x'))).toBe(first);
  });

  it('encodes short bodies afresh and tells different long bodies apart', () => {
    expect(bodyBytes('{"a":1}')).not.toBe(bodyBytes('{"a":1}'));
    const a = long('a');
    const b = long('b');
    expect(bodyBytes(a).toString()).toBe(a);
    expect(bodyBytes(b).toString()).toBe(b);
    expect(bodyBytes(a).toString()).toBe(a);
  });

  it('keeps only a few: a stream of different long bodies does not grow it', () => {
    const first = long('first');
    const bytes = bodyBytes(first);
    for (let i = 0; i < 10; i += 1) bodyBytes(long(String(i)));
    expect(bodyBytes(first)).not.toBe(bytes);
    expect(bodyBytes(first).equals(bytes)).toBe(true);
  });
});
