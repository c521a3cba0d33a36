// Test support: a user with site usernames and a signed-in client, for the game review tests.
import type { FastifyInstance } from 'fastify';
import { HttpClient, signInDirectly } from '../../../test/helper.js';

export interface TestUser {
  id: number;
  client: HttpClient;
}

/** Creates a user with the given site usernames and a client carrying a valid session for them. */
export async function signedInUser(
  app: FastifyInstance,
  baseUrl: string,
  names: { lichess?: string; chesscom?: string } = {},
): Promise<TestUser> {
  const client = new HttpClient(baseUrl);
  return { id: await signInDirectly(app, client, { prefix: 'gr', ...names }), client };
}
