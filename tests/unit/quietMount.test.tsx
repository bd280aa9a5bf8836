// The build's patches of third-party modules (server/build/quiet-mount.mjs): each applies to the
// installed version, and the patched module, loaded as the browser build would load it, mounts
// in one commit where the original takes two, and still opens (a tooltip on hover or by its props,
// a popup on a click or open as it mounts) and keeps react-admin's routes.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, type ComponentType, type ReactNode } from 'react';
import { CoreAdminContext, Resource } from 'ra-core';
import { afterAll, describe, expect, it } from 'vitest';
import { QUIET_MODULES, quietAdminRoutes, quietAutocomplete, quietTooltip } from '../../server/build/quiet-mount.mjs';

const modules = path.resolve(__dirname, '../../node_modules');
const TOOLTIP = '@mui/material/Tooltip/Tooltip.mjs';
const AUTOCOMPLETE = '@mui/material/useAutocomplete/useAutocomplete.mjs';
const ADMIN_ROUTES = 'ra-core/dist/core/useConfigureAdminRouterFromChildren.js';

// Written under node_modules so that the module's bare imports resolve as the original's; its
// relative imports point at the original's neighbours, so it shares their instances (contexts, theme).
const scratch = path.join(modules, '.cache', `quiet-mount-test-${process.pid}`);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function load(relative: string, patch?: (code: string) => string) {
  const file = path.join(modules, relative);
  const source = fs.readFileSync(file, 'utf8');
  const code = (patch ? patch(source) : source).replace(
    /(from\s+["'])(\.\.?\/[^"']+)(["'])/g,
    (_all, before: string, target: string, after: string) =>
      `${before}${pathToFileURL(path.resolve(path.dirname(file), target)).href}${after}`,
  );
  fs.mkdirSync(scratch, { recursive: true });
  const copy = path.join(scratch, `${patch ? 'patched' : 'original'}-${path.basename(file).replace(/\.js$/, '.mjs')}`);
  fs.writeFileSync(copy, code);
  return import(/* @vite-ignore */ pathToFileURL(copy).href);
}

/** How many commits rendering `node` took (React's Profiler: the mount and every update after it). */
async function commitsOf(node: ReactNode) {
  let commits = 0;
  await act(async () => {
    render(
      <Profiler id="probe" onRender={() => commits++}>
        {node}
      </Profiler>,
    );
  });
  return commits;
}

describe('the patches apply to the installed modules', () => {
  it('patches exactly the three modules, each of them changed', () => {
    expect(Object.keys(QUIET_MODULES).sort()).toEqual([`/${ADMIN_ROUTES}`, `/${TOOLTIP}`, `/${AUTOCOMPLETE}`].sort());
    for (const [end, patch] of Object.entries(QUIET_MODULES)) {
      const source = fs.readFileSync(path.join(modules, end), 'utf8');
      expect(patch(source)).not.toBe(source);
    }
  });

  it('refuses a module whose source moved, rather than shipping it half changed', () => {
    expect(() => quietTooltip('export default function Tooltip() {}')).toThrow(/quiet-mount/);
    expect(() => quietAutocomplete('')).toThrow(/quiet-mount/);
    expect(() => quietAdminRoutes('')).toThrow(/quiet-mount/);
  });
});

describe("MUI's Tooltip", () => {
  const tooltip = (Tooltip: ComponentType<Record<string, unknown>>, props: Record<string, unknown> = {}) => (
    <Tooltip title="Sort by name" enterDelay={0} {...props}>
      <button type="button">Name</button>
    </Tooltip>
  );

  it('mounts in one commit (the original renders again from its ref)', async () => {
    const original = (await load(TOOLTIP)).default;
    const patched = (await load(TOOLTIP, quietTooltip)).default;
    expect(await commitsOf(tooltip(original))).toBe(2);
    expect(await commitsOf(tooltip(patched))).toBe(1);
  });

  it('opens on hover', async () => {
    const Tooltip = (await load(TOOLTIP, quietTooltip)).default;
    render(tooltip(Tooltip));
    fireEvent.mouseOver(screen.getByText('Name'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sort by name');
  });

  it('shows when its props open it as it mounts', async () => {
    const Tooltip = (await load(TOOLTIP, quietTooltip)).default;
    await act(async () => {
      render(tooltip(Tooltip, { open: true }));
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Sort by name');
  });
});

type UseAutocomplete = (props: object) => Record<string, any>;

/** A combo box on the hook alone, as MUI's Autocomplete uses it: the popup shown once open and anchored. */
function Combo({ useAutocomplete, open }: { useAutocomplete: UseAutocomplete; open?: boolean }) {
  const { getRootProps, getInputProps, getListboxProps, getOptionProps, groupedOptions, popupOpen, anchorEl, setAnchorEl } =
    useAutocomplete({ id: 'combo', options: ['French', 'German'], ...(open === undefined ? {} : { open }) });
  return (
    <div>
      <div {...getRootProps()} ref={setAnchorEl}>
        <input aria-label="Nationality" {...getInputProps()} />
      </div>
      {popupOpen && anchorEl ? (
        <ul {...getListboxProps()}>
          {(groupedOptions as string[]).map((option, index) => {
            const { key, ...optionProps } = getOptionProps({ option, index });
            return (
              <li key={key} {...optionProps}>
                {option}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

type UseConfigure = (children: ReactNode) => { resources: unknown[]; status: string };

/** What react-admin's router takes from its children, render after render. */
function RouterProbe({ useConfigure, seen, children }: { useConfigure: UseConfigure; seen: string[]; children: ReactNode }) {
  const { resources, status } = useConfigure(children);
  seen.push(`${status}:${resources.length}`);
  return null;
}

describe("MUI's useAutocomplete", () => {
  const combo = (useAutocomplete: UseAutocomplete, props: { open?: boolean } = {}) => (
    <Combo useAutocomplete={useAutocomplete} {...props} />
  );

  it('mounts in one commit (the original renders again from its ref)', async () => {
    const original = (await load(AUTOCOMPLETE)).default;
    const patched = (await load(AUTOCOMPLETE, quietAutocomplete)).default;
    expect(await commitsOf(combo(original))).toBe(2);
    expect(await commitsOf(combo(patched))).toBe(1);
  });

  it('opens its options on a click, anchored to the element', async () => {
    const useAutocomplete = (await load(AUTOCOMPLETE, quietAutocomplete)).default;
    render(combo(useAutocomplete));
    fireEvent.mouseDown(screen.getByLabelText('Nationality'));
    expect(await screen.findAllByRole('option')).toHaveLength(2);
  });

  it('shows its options when open as it mounts', async () => {
    const useAutocomplete = (await load(AUTOCOMPLETE, quietAutocomplete)).default;
    await act(async () => {
      render(combo(useAutocomplete, { open: true }));
    });
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });
});

describe("react-admin's router configuration", () => {
  const probe = (useConfigure: UseConfigure, seen: string[]) => (
    <CoreAdminContext>
      <RouterProbe useConfigure={useConfigure} seen={seen}>
        <Resource name="profiles" list={() => null} />
        <Resource name="users" list={() => null} />
      </RouterProbe>
    </CoreAdminContext>
  );

  it('keeps its routes when its children give the same ones (the original renders them again)', async () => {
    const original = (await load(ADMIN_ROUTES)).useConfigureAdminRouterFromChildren;
    const patched = (await load(ADMIN_ROUTES, quietAdminRoutes)).useConfigureAdminRouterFromChildren;
    const before: string[] = [];
    const after: string[] = [];
    await commitsOf(probe(original, before));
    await commitsOf(probe(patched, after));
    expect(after.at(-1)).toBe('ready:2');
    expect(before.at(-1)).toBe('ready:2');
    // the original renders again with the new lists, and again as they are registered anew
    expect(after.length).toBeLessThan(before.length);
  });
});
