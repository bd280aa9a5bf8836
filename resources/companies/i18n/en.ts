// English texts of the Companies screens; merged by src/i18n/i18nProvider.ts.
export default {
  resources: {
    companies: {
      name: 'Company |||| Companies',
      menu: 'Companies',
      title: 'Companies',
      subtitle: 'There are %{count} companies',
      search: 'Search companies...',
      show_title: '%{name}',
      empty: 'No companies found.',
      fields: {
        id: 'ID',
        external_id: 'External ID',
        name: 'Name',
        description: 'Description',
        year_founded: 'Year Founded',
        location: 'Location',
        industry: 'Industry',
        company_size: 'Company Size',
        data_sources: 'Data Sources',
        created_at: 'Created At',
        updated_at: 'Updated At',
      },
    },
  },
};
