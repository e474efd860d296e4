import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_SIZES } from '../lib/listPage';
import { ListPager } from './ListPager';
import { pageWindow } from './pageWindow';

function pageLinks(): string[] {
  return within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => b.textContent ?? '');
}

describe('ListPager', () => {
  it('offers 25, 50 and 100 per page', () => {
    expect(PAGE_SIZES).toEqual([25, 50, 100]);
  });

  it('shows the records total', () => {
    render(<ListPager page={1} pageSize={25} total={312} onChange={() => {}} />);
    expect(within(screen.getByTestId('list-pager')).getByText('312 records')).toBeInTheDocument();
  });

  it('says "1 record" for one', () => {
    render(<ListPager page={1} pageSize={25} total={1} onChange={() => {}} />);
    expect(within(screen.getByTestId('list-pager')).getByText('1 record')).toBeInTheDocument();
  });

  it('goes back to page 1 when the page size changes', async () => {
    const onChange = vi.fn();
    render(<ListPager page={4} pageSize={25} total={312} onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Page size' }));
    await userEvent.click(await screen.findByText('View 100 Per Page'));
    expect(onChange).toHaveBeenCalledWith(1, 100);
  });

  it('shows ten consecutive page links around the current page, wherever it is', () => {
    const cases: [number, string[]][] = [
      [1, ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']],
      [5, ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']],
      [150, ['146', '147', '148', '149', '150', '151', '152', '153', '154', '155']],
      [391, ['382', '383', '384', '385', '386', '387', '388', '389', '390', '391']],
    ];
    for (const [page, links] of cases) {
      const { unmount } = render(<ListPager page={page} pageSize={25} total={391 * 25} onChange={() => {}} />);
      expect(pageLinks()).toEqual(links);
      expect(screen.getByRole('button', { name: `Page ${page}` })).toHaveAttribute('aria-current', 'page');
      unmount();
    }
  });

  it('shows fewer links only when there are fewer pages', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([1]);
    expect(pageWindow(10, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(11, 11)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('has first, previous, next and last, disabled at the ends', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<ListPager page={1} pageSize={25} total={391 * 25} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onChange.mock.calls).toEqual([
      [2, 25],
      [391, 25],
    ]);
    rerender(<ListPager page={391} pageSize={25} total={391 * 25} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onChange).toHaveBeenLastCalledWith(1, 25);
  });

  it('changes page from the keyboard, keeping the page size', async () => {
    const onChange = vi.fn();
    render(<ListPager page={1} pageSize={50} total={400} onChange={onChange} />);
    const second = screen.getByRole('button', { name: 'Page 2' });
    second.focus();
    expect(second).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(2, 50);
  });
});
