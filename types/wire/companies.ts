// Companies (SPEC §3 Company).
import { Type } from 'typebox';
import { DataSourceRefSchema, DateTime, Nullable } from '../schema';

export const CompanySchema = Type.Object({
  id: Type.Integer(),
  /** the professional-network company URL */
  external_id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  year_founded: Nullable(Type.Integer()),
  location: Nullable(Type.String()),
  industry: Nullable(Type.String()),
  company_size: Nullable(Type.String()),
  data_sources: Type.Array(DataSourceRefSchema),
  created_at: DateTime,
  updated_at: DateTime,
});
