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
      title: 'Rules',
      subtitle: 'There are %{count} rules',
      search: 'Search rules...',
      empty: 'No rules yet.',
      create: 'Create Rule',
      create_title: 'Create Rule',
      edit_title: 'Update Rule',
      show_title: 'Rule %{name}',
      edit: 'Edit Rule',
      save: 'Save',
      condition: 'Condition',
      value_not_read: 'This operator reads no value: enter * (required)',
      preview: {
        fired: 'This rule would have fired %{fired} times in the last %{days} days, for %{people} people',
        no_lists: 'Choose profile lists to see how often this rule would have fired in the last 30 days.',
        failed: 'The preview could not be computed: %{message}',
      },
      muted: {
        chip: 'Muted',
        mute: 'Mute',
        unmute: 'Unmute',
        failed: 'The rule could not be changed: %{message}',
      },
      noise: {
        title: 'Noise',
        figures:
          'Raised %{smart_count} notification in the last %{days} days; %{share}% marked not relevant |||| Raised %{smart_count} notifications in the last %{days} days; %{share}% marked not relevant',
        failed: 'The noise figures could not be loaded.',
      },
      fields: {
        name: 'Name',
        model: 'Model',
        notification_type: 'Notification Type',
        priority: 'Priority',
        profile_lists: 'Profile Lists',
        created_by: 'Created By',
        created_at: 'Created At',
        updated_at: 'Updated At',
        model_name: 'Model Name',
        attribute: 'Attribute Name',
        attribute_input: 'Attribute',
        operator: 'Operator',
        value: 'Value',
      },
      results: {
        deleted: 'Deletion completed for %{count} RuleSets.',
        failed: 'Failed for %{count} RuleSets: %{reasons}',
      },
      errors: {
        options: 'Error fetching options',
        create: 'Error submitting RuleSet',
        update: 'Error updating RuleSet',
        fetch: 'Error fetching data',
      },
    },
  },
};
