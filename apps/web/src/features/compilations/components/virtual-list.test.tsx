import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VirtualList } from './virtual-list';

const rows = (count: number) => Array.from({ length: count }, (_, index) => `row-${index}`);

function renderList(items: string[], onEndReached = vi.fn()) {
  render(
    <VirtualList
      items={items}
      getKey={(item) => item}
      rowHeight={() => 40}
      renderRow={(item) => <span>{item}</span>}
      label="Rows"
      testId="rows"
      empty="Nothing here"
      onEndReached={onEndReached}
    />,
  );
  return onEndReached;
}

describe('VirtualList', () => {
  it('renders every row of a short list', () => {
    renderList(rows(40));
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
  });

  it('renders only a window of a long list (5,000 objects)', () => {
    renderList(rows(5000));
    const shown = screen.queryAllByRole('listitem').length;
    expect(shown).toBeLessThan(100);
    expect(screen.queryByText('row-4999')).toBeNull();
  });

  it('says so when there is no row, and asks for no page', () => {
    const onEndReached = renderList([]);
    expect(screen.getByText('Nothing here')).toBeVisible();
    expect(onEndReached).not.toHaveBeenCalled();
  });
});
