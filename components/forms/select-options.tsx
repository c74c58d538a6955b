import { SelectContent, SelectItem } from "@/components/ui/select";

/**
 * A select's menu: one item per option. `widgetValue`: an option's value in the widget, where it
 * differs from its own (Radix items cannot have an empty value).
 */
export function SelectOptions({
  options,
  widgetValue = (value) => value,
}: {
  options: readonly { value: string; label: string }[];
  widgetValue?: (value: string) => string;
}) {
  return (
    <SelectContent>
      {options.map((option) => (
        <SelectItem key={option.value} value={widgetValue(option.value)}>
          {option.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
