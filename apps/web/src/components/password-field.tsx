import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every password input of MMS: its show/hide toggle is a named button that the keyboard reaches
 * (Mantine's default keeps it out of the tab order and unnamed).
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      ref={ref}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
      {...props}
    />
  );
});

/** A password being chosen (a new account's, a reset, a change, its confirmation): the browser may suggest one. */
export const NewPasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function NewPasswordField(props, ref) {
  return <PasswordField ref={ref} autoComplete="new-password" {...props} />;
});
