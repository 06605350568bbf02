import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { CODE_BLOCKS_HINT, CodeBlockToggle } from './code-block-toggle';

describe('CodeBlockToggle (issue 14.7)', () => {
  it('says what it does: as its accessible description and in a tooltip', async () => {
    const user = userEvent.setup();
    render(
      <TooltipProvider delayDuration={0}>
        <CodeBlockToggle />
      </TooltipProvider>,
    );
    const toggle = screen.getByRole('switch', { name: 'Code blocks' });
    expect(toggle).toHaveAccessibleDescription(CODE_BLOCKS_HINT);
    await user.hover(screen.getByTestId('code-block-toggle-area'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CODE_BLOCKS_HINT);
  });
});
