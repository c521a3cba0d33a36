import { expect, test } from 'vitest';
import { noun, plural } from './plural';

test('a count says its noun in the singular for one only', () => {
  expect(plural(1, 'review')).toBe('1 review');
  expect(plural(0, 'review')).toBe('0 reviews');
  expect(plural(1200, 'card')).toBe('1,200 cards');
  expect(plural(2, 'drill position')).toBe('2 drill positions');
  expect(noun(1, 'move to learn', 'moves to learn')).toBe('move to learn');
  expect(noun(3, 'move to learn', 'moves to learn')).toBe('moves to learn');
});
