import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { SaveError } from './SaveError';

describe('<SaveError>', () => {
  it('links a change already waiting for approval to that request', () => {
    const error = new ApiError(409, 'The same change is already waiting for approval (request 7).', [], { approval_id: 7 });
    render(<SaveError error={error} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Open the pending request #7' })).toHaveAttribute('href', '/approvals?request=7');
  });

  it('says any other failure', () => {
    render(<SaveError error={new ApiError(409, 'That name is taken.')} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('alert')).toHaveTextContent('That name is taken.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
