import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '@/hooks/use-toast';
import { ToastAction } from './toast';
import { Toaster } from './toaster';

describe('<Toaster />', () => {
  afterEach(() => {
    act(() => dismissToast());
  });

  it('shows one toast with title, description, action and a Close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Old', description: 'Replaced' });
      toast({
        variant: 'destructive',
        title: 'Failed to save',
        description: 'The server did not answer.',
        action: <ToastAction altText="Try again">Retry</ToastAction>,
      });
    });

    expect(screen.queryByText('Old')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to save')).toBeInTheDocument();
    expect(screen.getByText('The server did not answer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Failed to save')).not.toBeInTheDocument());
  });
});
