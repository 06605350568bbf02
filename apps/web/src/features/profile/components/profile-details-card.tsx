import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, type UserProfile } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import { formFailure } from '@/lib/form-errors';
import { updateProfile } from '../api/update-profile';
import { profileUpdated } from '../store/profile-slice';

type Field = 'name' | 'description';

/** Id and e-mail (read-only), name and description (edited, saved explicitly). */
export function ProfileDetailsCard({ profile }: { profile: UserProfile }) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState(profile.name);
  const [description, setDescription] = useState(profile.description);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = name !== profile.name || description !== profile.description;
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      dispatch(profileUpdated(updated));
      setName(updated.name);
      setDescription(updated.description);
      toast({ title: 'Profile saved', description: 'Your name and description are up to date.' });
    },
    onError: (error) => {
      const failure = formFailure(error, ['name', 'description'] as const, 'Could not save.');
      setFieldErrors(failure.fieldErrors);
      setFormError(failure.formError);
      toast({
        variant: 'destructive',
        title: 'Profile not saved',
        description: failureMessage(error, 'Could not save the profile.'),
      });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldErrors({ name: 'Enter your name.' });
      return;
    }
    setFieldErrors({});
    setFormError(null);
    mutation.mutate({ name: trimmed, description: description.trim() });
  };

  const descriptionError = fieldErrors.description;
  return (
    <Card data-testid="profile-details">
      <CardHeader>
        <CardTitle>Your profile</CardTitle>
        <CardDescription>How you appear in CodeDocs.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit}
          aria-label="Profile"
          className="flex flex-col gap-4"
        >
          {formError && <FormAlert>{formError}</FormAlert>}
          <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-muted-foreground">User id</dt>
            <dd data-testid="profile-id" className="font-mono break-all">
              {profile.id}
            </dd>
            <dt className="font-medium text-muted-foreground">E-mail</dt>
            <dd data-testid="profile-email" className="break-all">
              {profile.email}
            </dd>
          </dl>
          <FormField
            id="profile-name"
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fieldErrors.name}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="profile-description">Description</Label>
            <Textarea
              id="profile-description"
              name="description"
              maxLength={DESCRIPTION_MAX_LENGTH}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby="profile-description-hint"
            />
            {descriptionError && <p className="text-sm text-destructive">{descriptionError}</p>}
            <p id="profile-description-hint" className="text-xs text-muted-foreground">
              A few words about you or your team ({description.length}/{DESCRIPTION_MAX_LENGTH}).
            </p>
          </div>
          <SubmitButton
            pending={mutation.isPending}
            disabled={!dirty}
            className="self-start"
            data-testid="profile-save"
          >
            Save
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
