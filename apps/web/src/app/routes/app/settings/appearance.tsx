import { Screen } from '@/components/screen';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { SCREENS } from '@/config/screens';
import { useDarkMode } from '@/hooks/use-dark-mode';

/** `/app/settings/appearance`: the dark-mode switch, bound to the header toggle's preference. */
export function AppearanceScreen() {
  const { dark, followsSystem, setDarkMode, clearDarkModePreference } = useDarkMode();
  return (
    <Screen info={SCREENS.settingsAppearance} className="flex max-w-2xl flex-col gap-6">
      <p className="text-muted-foreground">{SCREENS.settingsAppearance.description}</p>
      <Card>
        <CardContent className="flex flex-col gap-4 p-6">
          <div className="flex items-center justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Label htmlFor="dark-mode-switch">Dark mode</Label>
              <p id="dark-mode-hint" className="text-sm text-muted-foreground">
                {followsSystem
                  ? 'Following your system setting until you choose.'
                  : 'Saved in this browser.'}
              </p>
            </div>
            <Switch
              id="dark-mode-switch"
              data-testid="dark-mode-switch"
              aria-describedby="dark-mode-hint"
              checked={dark}
              onCheckedChange={setDarkMode}
            />
          </div>
          {!followsSystem && (
            <Button
              variant="link"
              className="h-auto self-start p-0"
              data-testid="dark-mode-follow-system"
              onClick={clearDarkModePreference}
            >
              Follow the system setting instead
            </Button>
          )}
        </CardContent>
      </Card>
    </Screen>
  );
}
