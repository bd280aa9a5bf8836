import './preload'; // first: see there
import { loadConfig } from '../config';
import { closeOnSignals, startServer } from '../main';

/** The server bundle's entry (`npm start` runs it once the app and the bundle are built): start and serve. */
try {
  closeOnSignals(await startServer(loadConfig()));
} catch (error) {
  console.error(`Could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
