// Fresh accounts for each test, so tests never depend on one another.

export type TestUser = { email: string; username: string; password: string };

let counter = 0;

export function newUser(prefix = 'player'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { email: `${prefix}-${id}@example.com`, username: `${prefix}_${id}`, password: `Correct-horse-${id}` };
}
