// Polyglot over react-admin's English messages, our catalogue, and the partial
// catalogues that a resource folder (resources/<entity>/i18n/en.ts) or the list
// kit (src/admin-kit/i18n/en.ts) may ship: each exports default an object with full
// key paths, e.g. `{ resources: { users: { fields: { email: 'Email' } } } }`.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { en } from './en';

const partialCatalogues = import.meta.glob<object>(['../admin-kit/i18n/en.ts', '../../resources/*/i18n/en.ts'], {
  eager: true,
  import: 'default',
});

export const messages: TranslationMessages = mergeTranslations(
  englishMessages,
  en,
  ...Object.keys(partialCatalogues)
    .sort()
    .map((path) => partialCatalogues[path]),
);

// allowMissing: labels written as plain text (not keys) show as they are.
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
