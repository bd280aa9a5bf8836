// The English catalogue of the app (keys under app.* and resources.*). Another language
// is another file of the same shape. Resource folders and the list machinery may add
// their own keys in resources/<entity>/i18n/en.ts and src/lists/i18n/en.ts (see
// i18nProvider.ts); the entries below are the ones the shell itself shows.

export const en = {
  app: {
    name: 'Talent Back-office',
    errors: {
      unknown: 'An unknown error occurred',
      with_message: 'Error: %{message}',
    },
    menu: {
      label: 'Main menu',
      loading: 'Loading menu',
      toggle_group: 'Show or hide %{group}',
      groups: {
        management: 'Management',
        data_operations: 'Data Operations',
        rules: 'Rules',
        monitoring: 'Monitoring',
        admin: 'Admin',
      },
    },
    topbar: {
      account_menu: 'Account menu of',
      no_initials: 'N/A',
      profile_settings: 'Profile Settings',
      platform_connections: 'Platform Connections',
      logout: 'Logout',
    },
    fields: {
      email: 'Email',
      password: 'Password',
      first_name: 'First Name',
      last_name: 'Last Name',
      new_password: 'New Password',
      old_password: 'Old Password',
    },
    login: {
      title: 'Sign in',
      welcome: 'Welcome to Talent Back-office, where you browse, rate and scout people profiles.',
      submit: 'Sign in',
      forgot_password: 'Forgot your Password?',
      no_account: "Don't have an account?",
      sign_up: 'Sign up here',
    },
    signup: {
      title: 'Sign up',
      submit: 'Sign up',
      success: 'Registration successful! An activation email has been sent. Please check your email to activate your account.',
      failure: 'Registration failed. An unknown error occurred',
      have_account: 'Already have an account?',
    },
    activation: {
      title: 'Account activation',
      pending: 'Activating your account…',
      success: 'Account successfully activated. You will be redirected to login.',
      failure: 'Activation failed. Please try again or contact support.',
    },
    forgot_password: {
      title: 'Forgot your password?',
      intro: 'Enter the email of your account and we will send you a link to change your password.',
      submit: 'Send',
      success: 'Password change request successful! An email has been sent. Please check your email to change your account.',
    },
    reset_password: {
      title: 'Reset password',
      submit: 'Reset password',
      success: 'Password reset successfully. Please login with your new password.',
      missing: 'Invalid request. Email or code is missing.',
    },
    back_to_login: 'Back to sign in',
    profile_settings: {
      title: 'Profile Settings',
      change_password: 'Change Password',
    },
    change_password: {
      title: 'Change Password',
      submit: 'Change Password',
      success: 'Password changed successfully!',
    },
    home: {
      title: 'Home',
      profiles: {
        title: 'See Profiles',
        text: 'Browse, filter, rate and comment on the people profiles collected so far.',
      },
      data_sources: {
        title: 'Setup Data Source',
        text: 'Set up a data source to pull data from the professional network.',
      },
      rules: {
        title: 'Create Rule for Notifications',
        text: 'Create a rule to be notified of job or location changes.',
      },
      notifications: {
        title: 'See my notifications',
        text: 'Read the notifications the rules have sent you.',
      },
    },
  },
  resources: {
    searches: { name: 'Search |||| Searches', menu: 'My Searches' },
    profiles: { name: 'Profile |||| Profiles', menu: 'Profiles' },
    'profile-lists': { name: 'Profile List |||| Profile Lists', menu: 'Profile Lists' },
    companies: { name: 'Company |||| Companies', menu: 'Companies' },
    'data-sources': { name: 'Data Source |||| Data Sources', menu: 'Data Sources' },
    executions: { name: 'Execution |||| Executions', menu: 'Executions' },
    'rule-sets': { name: 'Rule |||| Rules', menu: 'Rules' },
    notifications: { name: 'Notification |||| Notifications', menu: 'Notifications' },
    users: { name: 'User |||| Users', menu: 'Users' },
    organizations: { name: 'Organization |||| Organizations', menu: 'Organizations' },
    'platform-connections': { name: 'Platform Connection |||| Platform Connections', menu: 'Platform Connections' },
  },
};

export default en;
