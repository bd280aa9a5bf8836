// English texts of the Platform Connections screens; merged by src/i18n/i18nProvider.ts.
export default {
  resources: {
    'platform-connections': {
      name: 'Platform Connection |||| Platform Connections',
      menu: 'Platform Connections',
      title: 'Platform Connections',
      subtitle: 'There are %{count} platform connections',
      empty: 'No platform connections yet.',
      create: 'Create Platform Connection',
      create_title: 'Create Platform Connection',
      edit_title: 'Update Platform Connection',
      show_title: 'Platform Connection %{id}',
      save: 'Save',
      parameters: 'Connection Parameters',
      delete: 'Delete',
      delete_title: 'Delete this platform connection?',
      delete_content: 'The data sources that use it will no longer reach the platform.',
      delete_failed: 'Deletion failed: %{message}',
      fields: {
        category: 'Category',
        source_type: 'Source Type',
        created_by: 'Created By',
        created_at: 'Created At',
        updated_at: 'Updated At',
      },
      errors: {
        create: 'Failed to create platform connection.',
        fetch: 'Error fetching platform connection',
        update: 'Failed to update platform connection.',
      },
    },
  },
};
