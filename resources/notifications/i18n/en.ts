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
      title: 'Notifications',
      subtitle: 'There are %{count} notifications',
      search: 'Search body and recipient...',
      empty: 'No notifications yet.',
      show_title: 'Notification %{id}',
      fields: {
        body: 'Body',
        notification_status: 'Status',
        notification_type: 'Type',
        recipient: 'Recipient',
        created_at: 'Created At',
        updated_at: 'Updated At',
        priority: 'Priority',
        sent_at: 'Sent At',
        attempts: 'Attempts',
        failure_reason: 'Failure Reason',
        profile: 'Person',
        rule: 'Rule',
        saved_search: 'Saved Search',
      },
      alert_action: {
        title: 'Your alerts',
        loading: 'Reading the link…',
        missing: 'This link is not valid: it carries no token. Sign in to change your alerts from the app.',
        failed: 'The link could not be read. Sign in to change your alerts from the app.',
        do: {
          'mute-rule': 'Mute',
          'mute-search': 'Mute',
          'mute-digest': 'Mute them all',
          'not-relevant': 'Mark as not relevant',
        },
        open_app: 'Open the app',
      },
      relevance: {
        button: 'Not relevant',
        chip: 'Not relevant',
        failed: 'The notification could not be marked: %{message}',
      },
      bulk: {
        send: 'Send',
      },
      results: {
        deleted: 'Deletion completed for %{count} notifications.',
        sent: 'Send completed for %{count} notifications.',
        failed: 'Failed for %{count} notifications: %{reasons}',
      },
    },
  },
};
