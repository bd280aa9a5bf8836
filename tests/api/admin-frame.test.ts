// The frames of the signed-in screens opened first (src/adminFrame/prerender.tsx): the admin app
// rendered by the build in Node at the screen's address, its answers not yet there, laid out for a
// phone and for a wide screen, with the CSS of every class in it in emotion's server form.
import { describe, expect, it } from 'vitest';
import { FRAMED_PATHS, prerenderFrame, prerenderPages } from '../../src/adminFrame/prerender';

const classesOf = (html: string) =>
  new Set(
    [...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(' ')).filter((name) => name.startsWith('css-') && name !== 'css-0'),
  ); // css-0: emotion's name for no style

describe("the signed-in screens' frames", () => {
  it('are made for the list screens whose page asks for their first answers, for each device', async () => {
    expect(FRAMED_PATHS).toEqual(['/profiles']);
    expect(Object.keys(await prerenderPages()).sort()).toEqual(['/profiles phone', '/profiles wide']);
  });

  it("show the screen's heading, search, filters and pending count and table, every control disabled", async () => {
    for (const device of ['phone', 'wide'] as const) {
      const { html } = await prerenderFrame('/profiles', device);
      expect(html, device).toMatch(/<h1[^>]*>Profiles<\/h1>/);
      // the count's place, which the page's early call fills in (src/public/firstRequests.ts)
      expect(html, device).toMatch(/<p[^>]*aria-busy="true"[^>]*data-pending-count=""[^>]*>There are … profiles<\/p>/);
      expect(html, device).toContain('placeholder="Search profiles..."');
      for (const label of ['Data Sources', 'Nationalities', 'Genders', 'Tech Rating', 'Entrepreneurial Intent Rating'])
        expect(html, `${device} ${label}`).toContain(`>${label}</`);
      expect(html, device).toContain('>Loading...</td>');
      const controls = html.match(/<(input|button)\b/g)?.length;
      expect(controls, device).toBeGreaterThan(10);
      expect(html.match(/<(input|button) disabled="" /g), device).toHaveLength(controls!);
    }
  });

  it("lay out react-admin's phone layout (a closed drawer) and its wide one (the sidebar's menu)", async () => {
    const phone = await prerenderFrame('/profiles', 'phone');
    const wide = await prerenderFrame('/profiles', 'wide');
    // the phone's menu is a drawer, closed; the wide screen's sidebar waits for the user's permissions
    expect(phone.html).not.toContain('RaSidebar-fixed');
    expect(wide.html).toContain('RaSidebar-fixed');
    expect(wide.html).toMatch(/RaSidebar-fixed.*role="status"/);
  });

  it('come with the CSS of every class in them, under emotion ids', async () => {
    for (const device of ['phone', 'wide'] as const) {
      const { html, css, ids } = await prerenderFrame('/profiles', device);
      expect(html).not.toContain('<style');
      const classes = classesOf(html);
      expect(classes.size, device).toBeGreaterThan(20);
      for (const name of classes) expect(css, `${device} ${name}`).toContain(`.${name}`);
      // each class's id, which the app's emotion cache then takes as inserted
      for (const name of classes) expect(ids, `${device} ${name}`).toContain(name.slice('css-'.length));
    }
  });

  it("come with the styles of the screen with its answers too, which the app's first render has", async () => {
    for (const device of ['phone', 'wide'] as const) {
      const { html, css, ids } = await prerenderFrame('/profiles', device);
      // more styles than the frame's own classes: the rows and the signed-in user's menu, not in its markup
      expect(ids?.length, device).toBeGreaterThan(classesOf(html).size + 10);
      expect(html, device).not.toContain('MuiTableRow-hover');
      expect(css, device).toContain('.MuiTableRow-hover:hover');
      expect(html, device).not.toContain('MuiAvatar-root');
      expect(css, device).toContain('MuiAvatar');
    }
  });

  it("keep the rules of the <Global>s (CssBaseline's) apart, for each to take over its own", async () => {
    for (const device of ['phone', 'wide'] as const) {
      const { css, ids, globals } = await prerenderFrame('/profiles', device);
      const baseline = globals?.find((global) => global.css.startsWith('html{'));
      expect(baseline, device).toBeDefined();
      expect(baseline!.css, device).toContain('body{');
      expect(ids, device).not.toContain(baseline!.id);
      expect(css, device).not.toContain('html{');
      // every class's rules stay with the classes
      for (const global of globals ?? []) {
        expect(global.css, device).not.toBe('');
        expect(global.css, device).not.toContain(`.css-${global.id}`);
      }
      expect(ids, device).toContain('0');
    }
  });
});
