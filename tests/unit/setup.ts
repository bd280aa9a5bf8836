import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => cleanup());

// react-admin finishes some of an input's work in timers after the screen is gone (a reference
// input's search is debounced up to 500 ms, then applied on the next tick): let them run out
// before the file's environment (jsdom) is torn down, or they find no `window`. A longer timer
// started later fires after them, whatever the machine's speed.
const LONGEST_REACT_ADMIN_DEBOUNCE_MS = 500;
afterAll(() => new Promise((resolve) => setTimeout(resolve, LONGEST_REACT_ADMIN_DEBOUNCE_MS + 100)));
