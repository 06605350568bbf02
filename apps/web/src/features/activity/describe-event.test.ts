import { describe, expect, it } from 'vitest';
import { groupEvents } from '@codedocs/contract';
import { testActivityEvent as event } from '@/test/fixtures';
import { describeEvent } from './describe-event';

const names = { repoName: (id: string) => (id === 'r1' ? 'lib' : undefined) };

describe('describeEvent', () => {
  it('says who edited which field of what, linking to the object', () => {
    expect(
      describeEvent(
        event({
          scope: 'r1',
          data: { object_id: 'o1', name: 'Counter.add', field_id: 'param:by' },
        }),
        names,
      ),
    ).toEqual({
      text: 'Ada Lovelace edited parameter by of Counter.add',
      href: '/app/livedocs?repo=r1&object=o1',
      category: 'docs',
    });
  });

  it("sums one generation's files into one sentence", () => {
    const file = (path: string, id: string) =>
      event({
        event_id: id,
        kind: 'docs.generated',
        scope: 'r1',
        amount: 10,
        data: { task_id: 't', file_path: path, objects: 2, fields: 10, kept: 0 },
      });
    expect(describeEvent(file('src/a.ts', 'e1'), names).text).toBe(
      'Generated 10 fields for 2 objects in src/a.ts',
    );
    const grouped = groupEvents(file('src/b.ts', 'e2'), file('src/a.ts', 'e1'));
    expect(grouped).toMatchObject({ event_id: 'e2', amount: 20, grouped: 2 });
    expect(describeEvent(grouped, names).text).toBe(
      'Generated 20 fields for 4 objects in 2 files of lib',
    );
  });

  it('describes repositories, pockets, sites and plans, without a link to what is gone', () => {
    const text = (overrides: Parameters<typeof event>[0]) => describeEvent(event(overrides), names);
    expect(text({ kind: 'repo.synced', data: { name: 'lib', changed: false } }).text).toBe(
      'Synced lib: already up to date',
    );
    expect(text({ kind: 'repo.deleted', data: { name: 'lib' } })).toMatchObject({
      text: 'Deleted lib',
      href: null,
    });
    expect(
      text({
        kind: 'compilation.changed',
        data: { name: 'API', change: 'objects_added', count: 3 },
      }).text,
    ).toBe('Added 3 objects to API');
    expect(
      text({ kind: 'share.opened', actor_name: null, data: { kind: 'public', name: 'Guide' } }),
    ).toMatchObject({ text: 'Someone opened the public link of Guide', category: 'sites' });
    expect(text({ kind: 'plan.bought', data: { plan: 'pro' } }).text).toBe('Bought the pro plan');
  });
});
