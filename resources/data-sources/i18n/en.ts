// English texts of the Data Sources screens; merged by src/i18n/i18nProvider.ts.
export default {
  resources: {
    'data-sources': {
      name: 'Data Source |||| Data Sources',
      menu: 'Data Sources',
      home: {
        title: 'Setup Data Source',
        text: 'Set up a data source to pull data from the professional network.',
      },
      title: 'Data Sources',
      subtitle: 'There are %{count} data sources',
      search: 'Search data sources...',
      empty: 'No data sources yet.',
      create: 'Create Data Source',
      create_title: 'Create Data Source',
      edit_title: 'Update Data Source',
      show_title: 'Data Source %{name}',
      save: 'Save',
      manual: 'Manual',
      manual_help: 'Retrieved only when asked (Retrieve Data).',
      retrieve: 'Retrieve Data',
      retrieve_failed: 'Data retrieval failed: %{message}',
      fields: {
        id: 'ID',
        name: 'Name',
        source_type: 'Source Type',
        schedule: 'Schedule',
        created_at: 'Created At',
        updated_at: 'Updated At',
        is_public: 'Public',
        additional_data: 'Additional Data',
      },
      executions: {
        title: 'Last Executions',
        all: 'All executions of this data source',
        status: 'Status',
        date_done: 'Date Done',
        result: 'Result',
        empty: 'No executions yet.',
      },
      bulk: {
        retrieve: 'Retrieve Data',
        change_public: 'Change Public Visibility',
      },
      results: {
        retrieval: 'Data retrieval initiated for %{count} sources.',
        deleted: 'Deletion completed for %{count} sources.',
        public_changed: 'Public status changed for %{count} sources.',
        failed: 'Failed for %{count} sources: %{reasons}',
      },
      errors: {
        create: 'Failed to create data source.',
        fetch: 'Error fetching data source',
        update: 'Failed to update data source.',
      },
    },
  },
};
