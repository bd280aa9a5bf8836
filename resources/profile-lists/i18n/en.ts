// English texts of the Profile Lists screens; merged by src/i18n/i18nProvider.ts.
const membersFlow = {
  choose: 'Profile List',
  selected: '%{smart_count} profile selected |||| %{smart_count} profiles selected',
  none: 'No profiles selected.',
  no_choice: 'Please select a profile list.',
  fetch_failed: 'Failed to fetch profile lists.',
  back: 'Back to Profiles',
};

export default {
  resources: {
    'profile-lists': {
      name: 'Profile List |||| Profile Lists',
      menu: 'Profile Lists',
      title: 'Profile Lists',
      subtitle: 'There are %{count} profile lists',
      search: 'Search profile lists...',
      empty: 'No profile lists yet.',
      create: 'Create Profile List',
      create_title: 'Create Profile List',
      edit_title: 'Update Profile List',
      save: 'Save',
      show_title: 'Profile List %{name}',
      fields: {
        name: 'Name',
        created_at: 'Created At',
        updated_at: 'Updated At',
        profiles_count: 'Number of Profiles',
        profiles: 'Profiles',
      },
      members: {
        id: 'ID',
        first_name: 'First Name',
        last_name: 'Last Name',
        external_id: 'External ID',
        empty: 'No profiles in this list.',
      },
      results: {
        deleted: 'Deletion completed for %{count} profile lists.',
        failed: 'Failed for %{count} profile lists: %{reasons}',
      },
      errors: {
        create: 'Failed to create profile list.',
        fetch: 'Error fetching profile list.',
        update: 'Failed to update profile list.',
      },
      add_profiles: {
        ...membersFlow,
        title: 'Add Profiles to List',
        submit: 'Add Profiles',
        success: 'Profiles successfully added to the selected list.',
        failure: 'Failed to add profiles to the list.',
      },
      remove_profiles: {
        ...membersFlow,
        title: 'Remove Profiles from List',
        submit: 'Remove Profiles',
        success: 'Selected profiles successfully removed from the list.',
        failure: 'Failed to remove profiles from the list.',
      },
    },
  },
};
