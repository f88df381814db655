import { Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { THEME_LABELS } from './theme.ts';
import { useTheme } from './use-theme.ts';

/** The header's theme button: sun in light, moon in dark, named after the stored choice ("Theme: System"). */
export function ThemeButton(props: ComponentProps<typeof Button>) {
  const { preference, resolved } = useTheme();
  const Icon = resolved === 'dark' ? Moon : Sun;
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[preference]}`} data-theme-toggle="" {...props}>
      <Icon aria-hidden="true" data-icon={resolved === 'dark' ? 'moon' : 'sun'} />
    </Button>
  );
}
