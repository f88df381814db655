import { Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/utils/cn';
import { THEME_LABELS, THEME_PREFERENCES } from './theme.ts';
import { useTheme } from './use-theme.ts';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The same choice as the header menu, as native radios (mobile menu, account page). */
export function ThemeRadioGroup({ className, legend = 'Theme' }: { className?: string; legend?: string }) {
  const { preference, setPreference } = useTheme();
  const name = useId();
  return (
    <fieldset className={cn('flex flex-col gap-2', className)}>
      <legend className="mb-2 text-sm font-medium text-muted-foreground">{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {THEME_PREFERENCES.map((value) => {
          const Icon = ICONS[value];
          return (
            <label
              key={value}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={preference === value}
                onChange={() => setPreference(value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-5" />
              {THEME_LABELS[value]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
