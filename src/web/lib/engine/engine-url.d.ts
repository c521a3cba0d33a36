/** Where the build put the engine's worker script (its .wasm beside it); set by vite.config.ts. */
declare const __ENGINE_URL__: string;
