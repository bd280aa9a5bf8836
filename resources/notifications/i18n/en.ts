// English texts of the Notifications screens; merged by src/i18n/i18nProvider.ts.
export default {
  resources: {
    notifications: {
      name: 'Notification |||| Notifications',
      menu: 'Notifications',
      home: {
        title: 'See my notifications',
        text: 'Read the notifications the rules have sent you.',
      },
    },
  },
};
