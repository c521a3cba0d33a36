import { expect, test } from 'vitest';
import { redactLogLine } from './log-redaction.js';

test.each([
  [
    '{"url":"/api/lichess/callback?code=abc&state=xyz","msg":"slow request"}',
    '{"url":"/api/lichess/callback","msg":"slow request"}',
  ],
  [
    '{"msg":"GET https://lichess.org/api/games/user/x?max=10&token=t1 failed"}',
    '{"msg":"GET https://lichess.org/api/games/user/x failed"}',
  ],
  ['{"headers":{"authorization":"Bearer lip_abcdefgh1234"}}', '{"headers":{"authorization":"[redacted]"}}'],
  ['{"err":"sent Bearer lio_zzzzzzzzzz to Lichess"}', '{"err":"sent Bearer [redacted] to Lichess"}'],
  ['{"err":"token lip_AbCdEf123456 refused"}', '{"err":"token [redacted] refused"}'],
  ['{"password":"hunter22","user":1}', '{"password":"[redacted]","user":1}'],
  ['{"url":"/api/confirm-email/Zm9vYmFy"}', '{"url":"/api/confirm-email/[redacted]"}'],
  ['{"url":"/reset_password/Zm9vYmFy"}', '{"url":"/reset_password/[redacted]"}'],
])('%s is written as %s', (line, expected) => {
  expect(redactLogLine(line)).toBe(expected);
});

test('a line without secrets is left as it is', () => {
  const line = '{"level":40,"msg":"slow request","method":"GET","url":"/api/get-cards","responseTime":1200}';
  expect(redactLogLine(line)).toBe(line);
});
