// Screen tests render react-admin and MUI in jsdom; on a busy 2-core machine that takes
// seconds. Imported by those test files: more time for a test and for findBy/waitFor.
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

vi.setConfig({ testTimeout: 20000 });
configure({ asyncUtilTimeout: 5000 });
