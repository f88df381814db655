import { Monitor, Moon, Sun } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PressedWith } from '@/lib/early-presses';
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

/**
 * The menu the header's theme button opens: Light / Dark / System. `openedWith` tells how the
 * press that opens it on arrival was made (header-widgets.tsx): Radix focuses the first item only
 * for keyboard presses it saw itself, and this one came before the menu existed.
 */
export function ThemeMenu({ defaultOpen = false, openedWith }: { defaultOpen?: boolean; openedWith?: PressedWith }) {
  const { preference, setPreference } = useTheme();
  const focusFirstItem = useRef(defaultOpen && openedWith === 'keyboard');
  const [open, setOpen] = useState(defaultOpen);
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger
        asChild
        onClick={(event) => {
          // Radix opens on pointerdown and on Enter/Space keydown (whose default it prevents, so no
          // click follows). A click with no pointer that still arrives is a key press whose keydown
          // went to the look-alike this trigger replaced that very moment, or an assistive
          // technology's click: open as from the keyboard.
          if (event.detail !== 0 || open) return;
          focusFirstItem.current = true;
          setOpen(true);
        }}
      >
        <ThemeButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onFocus={(event) => {
          // Radix focuses the menu itself as it opens; from there, on to the first item.
          if (!focusFirstItem.current || event.target !== event.currentTarget) return;
          focusFirstItem.current = false;
          event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
        }}
      >
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
