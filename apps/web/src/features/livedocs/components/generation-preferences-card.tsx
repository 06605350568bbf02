import { useState } from 'react';
import {
  DOC_STYLE_CHOICES,
  DOC_STYLE_LANGUAGES,
  SOMETHING_WENT_WRONG,
  type DocStyleLanguage,
  type DocStyles,
} from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import {
  useGenerationPreferences,
  useSaveGenerationPreferences,
} from '../api/generation-preferences';

const LANGUAGE_NAMES: Record<DocStyleLanguage, string> = {
  python: 'Python',
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  cpp: 'C and C++',
};

const STYLE_NAMES: Record<string, string> = {
  google: 'Google',
  numpy: 'NumPy',
  sphinx: 'Sphinx (reST)',
  tsdoc: 'TSDoc',
  jsdoc: 'JSDoc',
  javadoc: 'Javadoc style (/** @param */)',
  qt: 'Qt style (/*! \\param */)',
};

/**
 * Generation preferences: the doc comment style per language (saved explicitly) and the model
 * that writes prose, which the server sets for everyone and this card only shows.
 */
export function GenerationPreferencesCard() {
  const preferences = useGenerationPreferences();
  const save = useSaveGenerationPreferences();
  const [draft, setDraft] = useState<Partial<DocStyles>>({});
  const saved = preferences.data?.doc_styles;
  const styles = saved ? { ...saved, ...draft } : undefined;
  const changed =
    saved !== undefined &&
    Object.entries(draft).some(([k, v]) => saved[k as DocStyleLanguage] !== v);

  const handleSave = () =>
    save.mutate(
      { doc_styles: draft },
      {
        onSuccess: () => {
          setDraft({});
          toast({ title: 'Preferences saved' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not save the preferences',
            description: failureMessage(error, SOMETHING_WENT_WRONG),
          }),
      },
    );

  const model = preferences.data?.model;
  return (
    <Card data-testid="generation-preferences">
      <CardHeader>
        <CardTitle>Generation preferences</CardTitle>
        <CardDescription>
          The doc comment style per language, used where docs are written back into your source.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {preferences.isPending && <Skeleton className="h-24 w-full" />}
        {preferences.error && !preferences.data && (
          <LoadError
            message={failureMessage(preferences.error, 'Could not load your preferences.')}
            onRetry={() => void preferences.refetch()}
          />
        )}
        {styles && (
          <div className="grid gap-3 sm:grid-cols-2">
            {DOC_STYLE_LANGUAGES.map((language) => (
              <div key={language} className="flex flex-col gap-1.5">
                <Label htmlFor={`doc-style-${language}`}>{LANGUAGE_NAMES[language]}</Label>
                <Select
                  value={styles[language]}
                  onValueChange={(value) => setDraft((d) => ({ ...d, [language]: value }))}
                >
                  <SelectTrigger id={`doc-style-${language}`} data-testid={`doc-style-${language}`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {DOC_STYLE_CHOICES[language].map((style) => (
                      <SelectItem key={style} value={style}>
                        {STYLE_NAMES[style] ?? style}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ))}
          </div>
        )}
        {styles && (
          <Button
            className="self-start"
            disabled={!changed || save.isPending}
            onClick={handleSave}
            data-testid="preferences-save"
          >
            Save preferences
          </Button>
        )}
        {model && (
          <div className="flex flex-col gap-1 text-sm" data-testid="preferences-model">
            <span className="font-medium">Model endpoint</span>
            <span className="text-muted-foreground">
              {model.configured
                ? `Doc prose is written by ${model.name ?? 'the server’s model'}, set by the server for everyone.`
                : 'No model is configured on this server: docs are written from the code alone, with no network.'}{' '}
              {!model.per_user && 'This server does not let users set an endpoint of their own.'}
            </span>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
