import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { QueryState, type QueryView } from './QueryState';

const view = <T,>(over: Partial<QueryView<T | null>>): QueryView<T | null> => ({
  status: 'success',
  data: undefined,
  error: null,
  isFetching: false,
  refetch: () => undefined,
  ...over,
});

const show = (query: QueryView<string | null>, placeholder?: ReactNode) =>
  render(
    <QueryState query={query} what="movers" empty="Nothing here." placeholder={placeholder}>
      {(data) => <p>data: {data}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows a skeleton, or the section’s own placeholder, while loading', () => {
    show(view({ status: 'pending' }));
    expect(screen.getByRole('status', { name: 'Loading movers' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    show(view({ status: 'pending' }), <p>cards</p>);
    expect(screen.getByText('cards')).toBeInTheDocument();
  });

  it('says what failed, with Retry', () => {
    const refetch = vi.fn();
    show(view({ status: 'error', error: new Error('boom'), refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the movers. boom');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('treats a 404 and a null answer as nothing to show', () => {
    show(view({ status: 'error', error: new ApiError(404, 'Not Found') }));
    show(view({ data: null }));
    expect(screen.getAllByText('Nothing here.')).toHaveLength(2);
  });

  it('says a gap of the data plan in its own words, not as nothing to show', () => {
    const error = new ApiError(404, '^N225 is not covered by the data plan', 'not-covered');
    show(view({ status: 'error', error }));
    expect(screen.getByText('^N225 is not covered by the data plan')).toBeInTheDocument();
    expect(screen.queryByText('Nothing here.')).not.toBeInTheDocument();
  });

  it('keeps data already shown when a later refresh fails', () => {
    show(view({ status: 'error', data: 'old', error: new Error('boom') }));
    expect(screen.getByText('data: old')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
