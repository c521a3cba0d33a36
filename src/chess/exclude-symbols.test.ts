import { expect, test } from 'vitest';
import { excludedNags, makeExcludeSymbols, parseExcludeSymbols } from './exclude-symbols.js';

test('the comma-joined study form and the repeated form field give the same symbols', () => {
  expect(parseExcludeSymbols('?!,?').unwrap()).toEqual(['?', '?!']);
  expect(parseExcludeSymbols(['??', '!?']).unwrap()).toEqual(['??', '!?']);
  expect(parseExcludeSymbols('').unwrap()).toEqual([]);
  expect(parseExcludeSymbols(undefined).unwrap()).toEqual([]);
});

test('an unknown symbol is an error', () => {
  const result = parseExcludeSymbols('?,!!');
  expect(result.isErr && result.error.message).toBe("Unknown exclude symbol '!!'; use ?, ??, !? or ?!");
});

test('symbols map to the standard NAGs', () => {
  expect([...excludedNags(['?', '??', '!?', '?!'])]).toEqual([2, 4, 5, 6]);
  expect(makeExcludeSymbols(['?!', '?'])).toBe('?,?!');
});
