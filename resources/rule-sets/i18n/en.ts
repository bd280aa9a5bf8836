// English texts of the Rules screens; merged by src/i18n/i18nProvider.ts.
export default {
  resources: {
    'rule-sets': {
      name: 'Rule |||| Rules',
      menu: 'Rules',
      home: {
        title: 'Create Rule for Notifications',
        text: 'Create a rule to be notified of job or location changes.',
      },
    },
  },
};
