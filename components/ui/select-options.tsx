/** A select's options from value and label pairs; a first, empty choice ("All", "Select …") is the caller's. */
export function SelectOptions({ options }: { options: readonly { value: string | number; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
