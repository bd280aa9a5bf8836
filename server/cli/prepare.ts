// Run by `npm run build` and by `npm start` when it builds: the database templates a new embedded
// installation starts from, and their spare copies (server/db/template.ts), made at build time so
// that a new DATA_DIR's first start does not make them (several seconds).
import { ensureTemplate, MIGRATED, prepareSpare, templateReady } from '../db/template';
import { pgliteExtensions } from '../db/pglite';
import { DEMO_TEMPLATE } from '../demo/seed';

const templates = [MIGRATED, DEMO_TEMPLATE];
if (!templates.every(templateReady)) {
  console.log('Preparing the databases new installations start from (once per install)…');
  try {
    const extensions = await pgliteExtensions();
    for (const template of templates) {
      await ensureTemplate(template, extensions);
      await prepareSpare(template);
    }
  } catch (error) {
    // not fatal: a new embedded database then runs initdb and its migrations itself
    console.warn(
      `Could not prepare them (${error instanceof Error ? error.message : error}); new installations will take longer to start.`,
    );
  }
}
