// The English catalogue of the shell (keys under app.*). Another language is another file of
// the same shape. Each entity's texts — its name, menu label, home tile, titles and fields —
// live in resources/<entity>/i18n/en.ts, the kit's in src/admin-kit/i18n/en.ts (see
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
      digest: {
        title: 'Daily digest',
        intro: 'Low-priority notifications come together once a day, at this hour of your time zone (Medium ones every hour, on the hour).',
        time_zone: 'Time zone',
        from_browser: 'From your browser; not saved yet',
        hour: 'Digest hour',
        save: 'Save',
        success: 'Your digest settings are saved.',
        summary: 'Your daily digest leaves at %{hour} %{zone}.',
      },
      sessions: {
        title: 'Signed-in sessions',
        intro: 'Where your account is signed in. End any session you do not recognise; changing your password ends all but this one.',
        device: '%{browser} on %{os}',
        unknown_device: 'Unknown device',
        this_device: 'This device',
        signed_in: 'Signed in %{date}',
        last_used: 'last used %{date}',
        end: 'End',
        end_label: 'End the session on %{device}',
        sign_out: 'Sign out',
        sign_out_label: 'End this session (sign out)',
        end_others: 'End all other sessions',
        only_this: 'You are signed in on this device only.',
        confirm_title: 'End all other sessions?',
        confirm_content: 'Every other device signed in to your account will be signed out.',
        ended: 'The session is ended.',
        others_ended: 'Every other session is ended.',
      },
    },
    change_password: {
      title: 'Change Password',
      submit: 'Change Password',
      success: 'Password changed successfully!',
    },
    home: {
      title: 'Home',
    },
  },
};

export default en;
