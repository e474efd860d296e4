import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPager, PAGE_SIZES } from './ListPager';

function pageLinks(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-pagination-item'));
}

describe('ListPager', () => {
  it('offers 25, 50 and 100 per page', () => {
    expect(PAGE_SIZES).toEqual([25, 50, 100]);
  });

  it('shows the records total', () => {
    render(<ListPager page={1} pageSize={25} total={312} onChange={() => {}} />);
    expect(within(screen.getByTestId('list-pager')).getByText('312 records')).toBeInTheDocument();
  });

  it('goes back to page 1 when the page size changes', async () => {
    const onChange = vi.fn();
    render(<ListPager page={4} pageSize={25} total={312} onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Page size' }));
    await userEvent.click(await screen.findByText('View 100 Per Page'));
    expect(onChange).toHaveBeenCalledWith(1, 100);
  });

  it('shows at most 10 page links for 300 pages, wherever the current page is', () => {
    for (const page of [1, 5, 150, 297, 300]) {
      const { unmount } = render(<ListPager page={page} pageSize={25} total={300 * 25} onChange={() => {}} />);
      expect(pageLinks().length).toBeGreaterThan(1);
      expect(pageLinks().length).toBeLessThanOrEqual(10);
      expect(document.querySelector('.ant-pagination-item-active')).toHaveTextContent(String(page));
      unmount();
    }
  });

  it('changes page from the keyboard, keeping the page size', async () => {
    const onChange = vi.fn();
    render(<ListPager page={1} pageSize={50} total={400} onChange={onChange} />);
    const second = screen.getByTitle('2');
    second.focus();
    expect(second).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(2, 50);
  });
});
