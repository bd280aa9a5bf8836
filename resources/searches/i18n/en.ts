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
      fields: {
        name: 'Name',
        created_at: 'Created At',
        updated_at: 'Updated At',
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
