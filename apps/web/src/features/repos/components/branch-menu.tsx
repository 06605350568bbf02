import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, GitBranch } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/api-error';
import type { Repo } from '../api/get-repos';
import { branchesQueryOptions } from '../api/branches-query';

/** Props of BranchMenu. */
export interface BranchMenuProps {
  repo: Repo;
  disabled?: boolean;
  /** Switches the repo to `branchName`; resolves true when it worked. */
  onSwitch: (branchName: string) => Promise<boolean>;
}

/**
 * "Switch branch": a menu of the repo's branches (loaded when it opens), the current one checked;
 * choosing another switches the repo to it.
 */
export function BranchMenu({ repo, disabled, onSwitch }: BranchMenuProps) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const options = branchesQueryOptions(repo.repo_id);
  const branches = useQuery({ ...options, enabled: open });

  const handleSelect = (branchName: string, isCurrent: boolean) => {
    if (isCurrent) return;
    void onSwitch(branchName).then(() =>
      queryClient.invalidateQueries({ queryKey: options.queryKey }),
    );
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          data-testid="repo-branch-menu"
          aria-label={`Switch branch of ${repo.name}`}
        >
          <GitBranch aria-hidden="true" />
          <span className="max-w-32 truncate">{repo.branch ?? 'Branch'}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>Switch branch</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {branches.isPending && (
          <div role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm">
            <Spinner className="size-4" />
            Loading branches…
          </div>
        )}
        {branches.isError && (
          <p role="alert" className="px-2 py-1.5 text-sm text-destructive">
            {failureMessage(branches.error, 'Could not load the branches.')}
          </p>
        )}
        {branches.data?.length === 0 && (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">No branches.</p>
        )}
        {branches.data?.map((branch) => (
          <DropdownMenuItem
            key={branch.name}
            data-testid="repo-branch"
            data-branch-name={branch.name}
            aria-current={branch.is_current ? 'true' : undefined}
            onSelect={() => handleSelect(branch.name, branch.is_current)}
          >
            <Check
              aria-hidden="true"
              className={branch.is_current ? 'text-foreground' : 'invisible'}
            />
            <span className="flex-1 truncate">{branch.name}</span>
            {branch.is_current && <span className="sr-only">(current)</span>}
            {branch.is_default && <span className="text-xs text-muted-foreground">default</span>}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
