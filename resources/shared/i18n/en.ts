// English texts of the form pieces shared by resources (the type-driven fields);
// merged by src/i18n/i18nProvider.ts.
export default {
  app: {
    form: {
      dimensions_failed: 'Failed to fetch dimensions.',
      list_help: 'One value per line.',
      secret_help: 'Stored encrypted; shown masked afterwards.',
      secret_keep_help: 'Stored encrypted and shown masked: leave it as it is to keep the current value, or type a new one to replace it.',
    },
  },
};
