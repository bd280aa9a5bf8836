import { dateTime, object } from '../../http/schemas';

export const userSchema = object({
  id: { type: 'integer' },
  email: { type: 'string' },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  is_staff: { type: 'boolean' },
  is_superuser: { type: 'boolean' },
  is_active: { type: 'boolean' },
  is_crowdsourcing: { type: 'boolean' },
  date_joined: dateTime,
});
