// End-to-end tests in Debian's Chromium against the app as `npm start` serves it
// (tests/e2e/global-setup.ts starts it, with an SMTP capture, on a fresh DATA_DIR).
// Run through `npm test`, or alone with `npx vite build && npx playwright test`.
import { defineConfig, devices } from '@playwright/test';
import { appUrl, chromiumPath } from './tests/e2e/fixtures/env';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // One app, one database: specs run one after another, each with its own accounts.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: appUrl,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // Debian's Chromium as root in a container, on a closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
