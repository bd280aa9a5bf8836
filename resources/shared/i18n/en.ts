// English texts of the form pieces shared by resources; merged by src/i18n/i18nProvider.ts.
export default {
  app: {
    form: {
      name: 'Name',
    },
  },
};
