import { describe, expect, it } from 'vitest';
import { parseForm } from './form-body';

describe('parseForm', () => {
  it('builds nested objects and arrays from bracketed keys', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1' +
      '&metadata[sub]=abc&subscription_data[metadata][sub]=abc&expand[]=a&expand[]=b.c';
    expect(parseForm(body.replaceAll('[', '%5B').replaceAll(']', '%5D'))).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { sub: 'abc' },
      subscription_data: { metadata: { sub: 'abc' } },
      expand: ['a', 'b.c'],
    });
  });
});
