// English texts of the Users screens; merged by src/i18n/i18nProvider.ts.
export default {
  resources: {
    users: {
      name: 'User |||| Users',
      menu: 'Users',
      title: 'Users',
      subtitle: 'There are %{count} users',
      search: 'Search by name or email...',
      show_title: 'User %{email}',
      fields: {
        id: 'ID',
        email: 'Email',
        first_name: 'First Name',
        last_name: 'Last Name',
        is_staff: 'Is Staff',
        is_superuser: 'Is Superuser',
        is_active: 'Is Active',
        crowdsource_status: 'Crowdsource Status',
        is_crowdsourcing: 'Is Crowdsource',
        date_joined: 'Joined At',
      },
      bulk: {
        add_to_organization: 'Add to Organization',
        remove_from_organization: 'Remove from Organization',
        set_crowdsourcing: 'Set Crowdsource Status',
        unset_crowdsourcing: 'Unset Crowdsource Status',
        create_entities: 'Create Default Entities',
        activate: 'Activate User',
        deactivate: 'Deactivate User',
      },
      results: {
        set_crowdsourcing: 'Crowdsource status set for %{count} users.',
        unset_crowdsourcing: 'Crowdsource status unset for %{count} users.',
        create_entities: 'Default entity creation initiated for %{count} users.',
        activate: 'Activation completed for %{count} users.',
        deactivate: 'Deactivation completed for %{count} users.',
        failed: 'Failed for %{count} users: %{reasons}',
      },
    },
  },
};
