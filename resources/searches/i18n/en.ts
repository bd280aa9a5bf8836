// English texts of the saved searches screens (My Searches); merged by src/i18n/i18nProvider.ts.
export default {
  resources: {
    searches: {
      name: 'Search |||| Searches',
      menu: 'My Searches',
      title: 'My Searches',
      subtitle: 'There are %{count} searches',
      search: 'Search by name...',
      empty: 'No saved searches yet. Save one from the Profiles screen.',
      create_title: 'Save Search',
      save: 'Save',
      show_title: 'Search “%{name}”',
      open_in_profiles: 'Open in Profiles',
      details: 'Details',
      details_of: 'Details of “%{name}”',
      fields: {
        name: 'Name',
        created_at: 'Created At',
        updated_at: 'Updated At',
        alerts: 'Alerts',
        priority: 'Priority',
        notification_type: 'Notification Type',
      },
      sections: {
        query: 'Query',
        alerts: 'Alerts',
      },
      query: {
        everyone: 'No filters: every profile you can see.',
        search: 'Search',
        sorted_by: 'Sorted by',
        ascending: 'ascending',
        descending: 'descending',
      },
      watch: {
        label: 'Watch “%{name}”',
        text: 'Alert me when a retrieval brings people who newly match this search',
        failed: 'Could not save: %{message}',
      },
      state: {
        waiting_since: 'Watching since %{since}; the next retrieval records who matches',
        waiting: 'Watching; the next retrieval records who matches',
        watching: 'Watching: alerts for people who newly match after each retrieval',
        muted: 'Muted',
      },
      results: {
        deleted: 'Deletion completed for %{count} searches.',
        failed: 'Failed for %{count} searches: %{reasons}',
      },
      errors: {
        create: 'Failed to create search.',
      },
    },
  },
};
