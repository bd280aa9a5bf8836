import { useParams } from 'react-router-dom';

/** The profile id of the address (/profiles/{id}/…); undefined when it is missing or not an id. */
export function useProfileId(): string | undefined {
  const { id } = useParams<{ id: string }>();
  return id && /^\d+$/.test(id) ? id : undefined;
}
