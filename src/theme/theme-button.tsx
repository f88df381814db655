import { Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { THEME_LABELS } from './theme.ts';
import { useTheme } from './use-theme.ts';

/**
 * The header's theme button: sun in light, moon in dark, named after the stored choice ("Theme:
 * System"). The icon follows the applied theme through CSS (`dark:`), so prerendered HTML shows
 * the right one before any script runs.
 */
export function ThemeButton(props: ComponentProps<typeof Button>) {
  const { preference } = useTheme();
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[preference]}`} data-theme-toggle="" {...props}>
      <Sun aria-hidden="true" data-icon="sun" className="dark:hidden" />
      <Moon aria-hidden="true" data-icon="moon" className="hidden dark:block" />
    </Button>
  );
}
