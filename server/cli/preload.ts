// Imported first by serve.ts: on the embedded database, PGlite's WebAssembly compiles on
// background threads while the server's own modules load.
import { preloadPglite } from '../db/pglite';

if (!process.env.DATABASE_URL) void preloadPglite();
