// English texts of the Organizations screens; merged by src/i18n/i18nProvider.ts.
const membersFlow = {
  choose: 'Organization',
  selected: '%{smart_count} user selected |||| %{smart_count} users selected',
  none: 'No users selected.',
  no_choice: 'Please select a organization.',
  fetch_failed: 'Failed to fetch organizations.',
  back: 'Back to Users',
};

export default {
  resources: {
    organizations: {
      name: 'Organization |||| Organizations',
      menu: 'Organizations',
      title: 'Organizations',
      subtitle: 'There are %{count} organizations',
      search: 'Search organizations...',
      create: 'Create Organization',
      create_title: 'Create Organization',
      edit_title: 'Update Organization',
      save: 'Save',
      show_title: 'Organization %{name}',
      fields: {
        name: 'Name',
        created_at: 'Created At',
        updated_at: 'Updated At',
        users_count: 'Number of Users',
        users: 'Users',
      },
      members: {
        first_name: 'First Name',
        last_name: 'Last Name',
        email: 'Email',
        date_joined: 'Joined At',
        empty: 'No users in this organization.',
      },
      results: {
        deleted: 'Deletion completed for %{count} organizations.',
        failed: 'Failed for %{count} organizations: %{reasons}',
      },
      errors: {
        create: 'Failed to create organization.',
        fetch: 'Error fetching organization.',
        update: 'Failed to update organization.',
      },
      add_users: {
        ...membersFlow,
        title: 'Add Users to Organization',
        submit: 'Add Users',
        success: 'Users successfully added to the selected organization.',
        failure: 'Failed to add users to the organization.',
      },
      remove_users: {
        ...membersFlow,
        title: 'Remove Users from Organization',
        submit: 'Remove Users',
        success: 'Selected users successfully removed from the organization.',
        failure: 'Failed to remove users from the organization.',
      },
    },
  },
};
