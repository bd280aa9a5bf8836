// Light and dark themes (react-admin's defaults with a darker palette: the default
// blue app bar and some greys fail WCAG AA colour contrast), and the store that keeps
// the chosen theme across logouts — react-admin resets its store when a user logs out.
import { defaultDarkTheme, defaultLightTheme, localStorageStore, type RaThemeOptions, type Store } from 'react-admin';
import { quietStore } from './admin-kit/quietStore';

/**
 * react-admin's row checkboxes pass `aria-label` as a Checkbox prop, which MUI 9 puts on the
 * wrapping span: the input itself had no name (an axe 'label' violation) and the span a
 * prohibited one. The label goes to the input, where assistive technology reads it.
 */
const checkboxLabelOnInput = {
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
        input: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
      },
    },
  },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  components: { ...defaultLightTheme.components, ...checkboxLabelOnInput },
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#303f9f', contrastText: '#fff' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
    text: { secondary: 'rgba(0, 0, 0, 0.68)' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  components: { ...defaultDarkTheme.components, ...checkboxLabelOnInput },
  palette: {
    ...defaultDarkTheme.palette,
    primary: { main: '#90caf9' },
    secondary: { main: '#90caf9' },
    background: { default: '#1f1f1f', paper: '#2a2a2a' },
  },
};

const THEME_KEY = 'theme';

/** A store whose reset() (on logout) keeps the browser's theme choice. */
export function themeKeepingStore(store: Store = quietStore(localStorageStore(undefined, 'talent-backoffice'))): Store {
  return {
    ...store,
    reset() {
      const theme = store.getItem(THEME_KEY);
      store.reset();
      if (theme !== undefined) store.setItem(THEME_KEY, theme);
    },
  };
}
