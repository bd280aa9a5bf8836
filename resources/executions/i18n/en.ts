// English texts of the Executions screens; merged by src/i18n/i18nProvider.ts.
export default {
  resources: {
    executions: {
      name: 'Execution |||| Executions',
      menu: 'Executions',
      title: 'Executions',
      subtitle: 'There are %{count} executions',
      search: 'Search executions...',
      empty: 'No executions yet.',
      show_title: 'Execution %{id}',
      cancel: 'Cancel',
      cancel_failed: 'Cancel failed: %{message}',
      fields: {
        status: 'Status',
        data_source: 'Data Source',
        finished_at: 'Finished At',
        result: 'Result',
        date_started: 'Started At',
        date_done: 'Done At',
        trigger: 'Trigger',
        attempts: 'Attempts',
      },
      trigger: {
        manual: 'Manual',
        schedule: 'Schedule',
      },
      filter: {
        data_source: 'Data source: %{name}',
      },
      progress: {
        title: 'Progress',
        of_total: '%{processed} of %{total}',
        processed: 'Processed',
        created: 'Created',
        updated: 'Updated',
        unchanged: 'Unchanged',
        failed: 'Failed',
      },
    },
  },
};
