// The database schema, one module per area; migrations are generated from it (drizzle-kit).
export * from './schema/accounts.js';
export * from './schema/games.js';
export * from './schema/cards.js';
export * from './schema/openings.js';
export * from './schema/drill.js';
export * from './schema/training.js';
export * from './schema/woodpecker.js';
export * from './schema/coverage-goal.js';
export * from './schema/starter.js';
export * from './schema/player-tasks.js';
