import { Monitor, Moon, Sun } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { THEME_LABELS, THEME_PREFERENCES, parseThemePreference } from './theme.ts';
import { ThemeButton } from './theme-button.tsx';
import { useTheme } from './use-theme.ts';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The menu the header's theme button opens: Light / Dark / System. */
export function ThemeMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { preference, setPreference } = useTheme();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => {
            const next = parseThemePreference(value);
            if (next) setPreference(next);
          }}
        >
          {THEME_PREFERENCES.map((value) => {
            const ItemIcon = ICONS[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <ItemIcon aria-hidden="true" />
                {THEME_LABELS[value]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
