// /profile-lists/add-profiles and /profile-lists/remove-profiles: the profiles chosen on
// /profiles arrive as repeated `id` parameters; the user picks the list.
import { MembersFlowScreen, type MembersFlowDeclaration } from '../shared/MembersFlowScreen';

const flow = { container: 'profile-lists', memberField: 'profiles', membersPath: '/profiles' } as const;
const addProfiles: MembersFlowDeclaration = { ...flow, mode: 'add', messages: 'resources.profile-lists.add_profiles' };
const removeProfiles: MembersFlowDeclaration = {
  ...flow,
  mode: 'remove',
  messages: 'resources.profile-lists.remove_profiles',
};

export function AddProfilesToList() {
  return <MembersFlowScreen declaration={addProfiles} />;
}

export function RemoveProfilesFromList() {
  return <MembersFlowScreen declaration={removeProfiles} />;
}
