import { Combobox, getOptionsLockup, getParsedComboboxData, InputBase, Select, type SelectProps } from '@mantine/core';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';

/**
 * A Mantine Select that joins its screen in a render of its own, after the screen's first commit.
 *
 * A Select's dropdown is a Floating UI popover, which keeps the input it hangs from in React state, set by a ref
 * as the input is attached. React renders an update made during a commit synchronously at the end of that commit,
 * after running the commit's passive effects: mounted with a screen, a filter bar's selects turn the screen's
 * commit, its queries starting their requests and the selects' second render into one long task on a phone.
 *
 * So a DeferredSelect first draws a stand-in of the same size (the field with its label, value and chevron, read
 * only) and the real Select in a background render (a transition) started as that commit's effects run. The
 * stand-in is live: a click or a focus (keyboard) puts the real Select in its place at once, focused, its list open
 * after a click (as a click on a Select opens it). The stand-in is not a combobox to assistive technology or to
 * tests; it is a read-only text field with the same name, for the few milliseconds it is there.
 */
export function DeferredSelect(props: SelectProps) {
  // (not useDeferredValue's initial value: React skips that in a background render, where a first screen is drawn)
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  const [reached, setReached] = useState<Reach | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // the click the stand-in took, given to the Select (which opens its list as it does on a click)
    if (reached === 'click') input.current?.click();
  }, [reached]);
  if (ready || reached) return <Select {...props} ref={input} autoFocus={reached !== null || props.autoFocus} />;
  return <SelectStandIn {...props} onReach={setReached} />;
}

/** How the user reached the stand-in: a click opens the Select's list, as a click on the Select does. */
type Reach = 'click' | 'focus';

function SelectStandIn(props: SelectProps & { onReach: (how: Reach) => void }) {
  const {
    onReach,
    data,
    value,
    defaultValue,
    name,
    size,
    error,
    rightSection,
    // the Select's own props, which a plain field does not take
    onChange: _onChange,
    onFocus: _onFocus,
    onBlur: _onBlur,
    onClick: _onClick,
    classNames: _classNames,
    styles: _styles,
    vars: _vars,
    dropdownOpened: _dropdownOpened,
    defaultDropdownOpened: _defaultDropdownOpened,
    onDropdownClose: _onDropdownClose,
    onDropdownOpen: _onDropdownOpen,
    selectFirstOptionOnChange: _selectFirstOptionOnChange,
    selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
    onOptionSubmit: _onOptionSubmit,
    comboboxProps: _comboboxProps,
    filter: _filter,
    limit: _limit,
    withScrollArea: _withScrollArea,
    maxDropdownHeight: _maxDropdownHeight,
    searchable: _searchable,
    checkIconPosition: _checkIconPosition,
    withCheckIcon: _withCheckIcon,
    withAlignedLabels: _withAlignedLabels,
    nothingFoundMessage: _nothingFoundMessage,
    searchValue: _searchValue,
    defaultSearchValue: _defaultSearchValue,
    onSearchChange: _onSearchChange,
    allowDeselect: _allowDeselect,
    clearable: _clearable,
    clearSectionMode: _clearSectionMode,
    clearButtonProps: _clearButtonProps,
    hiddenInputProps: _hiddenInputProps,
    renderOption: _renderOption,
    onClear: _onClear,
    scrollAreaProps: _scrollAreaProps,
    chevronColor: _chevronColor,
    autoSelectOnBlur: _autoSelectOnBlur,
    openOnFocus: _openOnFocus,
    rightSectionPointerEvents: _rightSectionPointerEvents,
    attributes: _attributes,
    ...field
  } = props;
  const lockup = useMemo(() => getOptionsLockup(getParsedComboboxData(data)), [data]);
  const chosen = value ?? defaultValue;
  const label = chosen == null ? '' : (lockup[`${chosen}`]?.label ?? '');
  return (
    <>
      <InputBase
        {...field}
        size={size}
        error={error}
        readOnly
        pointer
        value={label}
        rightSection={rightSection ?? <Combobox.Chevron size={size} error={error} />}
        rightSectionPointerEvents="none"
        data-select-stand-in
        // a mouse or a finger reaches it by its click (the press would otherwise focus it first, and the Select
        // that replaces it would take the click as a second one, closing its list), the keyboard by its focus
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onReach('click')}
        onFocus={() => onReach('focus')}
      />
      {name !== undefined && <input type="hidden" name={name} value={chosen ?? ''} />}
    </>
  );
}
