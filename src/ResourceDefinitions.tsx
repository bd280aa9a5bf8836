// react-admin registers each <Resource> in an effect after the first render, into an empty
// definitions state near the app's root, and registers them all again (unregister, then register)
// when its router takes the same children once more as it mounts: two renders of the whole app on
// the way in, each update in the commit's task (~40 state updates on the profiles screen). Here the
// definitions are known from the first render (the declarations are static), a registration that
// changes nothing changes no state, and an unregistration waits until the effects of that commit
// have run, so one followed by the same registration is none at all. Same context, same values.
import { type ReactElement, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { type ResourceDefinition, ResourceDefinitionContext, type ResourceDefinitions, type ResourceProps } from 'react-admin';

// react-admin compares deeply; a definition's values here are the declaration's own (flags, an
// icon component, a representation), so the same values are the same definition.
const sameDefinition = (a: ResourceDefinition | undefined, b: ResourceDefinition) =>
  !!a &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([key, value]) => Object.is(a[key as keyof ResourceDefinition], value));

type RegisteringResource = ReactElement<ResourceProps> & {
  type: { registerResource?: (props: ResourceProps, permissions?: unknown) => ResourceDefinition };
};

/** The definitions react-admin would register for these <Resource> elements. */
export function definitionsOf(resources: ReactElement[]): ResourceDefinitions {
  const definitions: ResourceDefinitions = {};
  for (const resource of resources as RegisteringResource[]) {
    const definition = resource.type.registerResource?.(resource.props);
    if (definition) definitions[definition.name] = definition;
  }
  return definitions;
}

export function ResourceDefinitionsProvider({ definitions: initial, children }: { definitions: ResourceDefinitions; children: ReactNode }) {
  const [definitions, setDefinitions] = useState(initial);
  const current = useRef(initial);
  const leaving = useRef(new Set<string>());

  const update = useCallback((next: ResourceDefinitions) => {
    current.current = next;
    setDefinitions(next);
  }, []);

  const register = useCallback(
    (config: ResourceDefinition) => {
      leaving.current.delete(config.name);
      if (!sameDefinition(current.current[config.name], config)) update({ ...current.current, [config.name]: config });
    },
    [update],
  );

  const unregister = useCallback(
    (config: ResourceDefinition) => {
      if (leaving.current.size === 0)
        queueMicrotask(() => {
          if (leaving.current.size === 0) return;
          const next = { ...current.current };
          for (const name of leaving.current) delete next[name];
          leaving.current.clear();
          update(next);
        });
      leaving.current.add(config.name);
    },
    [update],
  );

  const value = useMemo(() => ({ definitions, register, unregister }), [definitions, register, unregister]);
  return <ResourceDefinitionContext.Provider value={value}>{children}</ResourceDefinitionContext.Provider>;
}
