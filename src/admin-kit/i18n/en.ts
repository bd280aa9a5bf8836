// English texts of the list, detail and form kit; src/i18n/i18nProvider.ts
// merges this catalogue into the app's. Load errors use the shell's app.errors.*.
export default {
  app: {
    list: {
      loading: 'Loading...',
      empty: 'No results found.',
      search: 'Search',
      select_action: 'Select Action',
      select_all: 'Select all rows',
      select_row: 'Select row %{id}',
      action_failed: 'An error occurred while performing the action.',
      more_reasons: 'And %{smart_count} more reason. |||| And %{smart_count} more reasons.',
      delete: 'Delete',
      pagination: 'Pagination',
      first_page: 'First',
      previous_page: 'Previous',
      next_page: 'Next',
      last_page: 'Last',
      go_to_page: 'Page %{page}',
    },
    value: {
      true: 'True',
      false: 'False',
      yes: 'Yes',
      no: 'No',
      not_available: 'N/A',
    },
    detail: {
      edit: 'Edit',
      history: 'History',
    },
    form: {
      cancel: 'Cancel',
    },
  },
};
